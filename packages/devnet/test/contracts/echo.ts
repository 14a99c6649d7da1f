import { Args, Storage, generateEvent } from '@mason/sdk';

// For the explorer's tests: whatever a caller says ends up in an event and in a datastore key,
// which is exactly the attacker-controlled text the page must show as text.

export function constructor(_: StaticArray<u8>): void {
  generateEvent('echo deployed');
}

export function shout(binaryArgs: StaticArray<u8>): void {
  const message = new Args(binaryArgs).mustNext<string>('message');
  Storage.set(message, 'heard');
  generateEvent(message);
}
