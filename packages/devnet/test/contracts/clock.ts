import { Context, generateEvent } from '@mason/sdk';

// What a contract sees of time: instant mode must keep it consistent with the slot and get_status.

export function constructor(_: StaticArray<u8>): void {
  tell();
}

export function tell(_: StaticArray<u8> = []): void {
  generateEvent(`${Context.timestamp()} ${Context.currentPeriod()} ${Context.currentThread()}`);
}
