// Sends asynchronous messages (to itself or another contract) and handles them.
import { Address, Args, Context, Slot, Storage, asyncCall, generateEvent } from '@mason/sdk';

/** The deployer sends the contract its coins with this call. */
export function constructor(_: StaticArray<u8>): void {}

/**
 * Sends `count` messages to `handler` of `target`, valid from `startOffset` periods after the
 * current slot for `length` periods (same thread), the i-th with fee `fee + i` and data
 * Args(`note-i`). An empty filter address means no trigger.
 */
export function schedule(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const target = new Address(args.mustNext<string>('target'));
  const handler = args.mustNext<string>('handler');
  const startOffset = args.mustNext<u64>('startOffset');
  const length = args.mustNext<u64>('length');
  const maxGas = args.mustNext<u64>('maxGas');
  const fee = args.mustNext<u64>('fee');
  const coins = args.mustNext<u64>('coins');
  const note = args.mustNext<string>('note');
  const count = args.mustNext<u32>('count');
  const filterAddress = new Address(args.mustNext<string>('filterAddress'));
  const filterKey = args.mustNext<StaticArray<u8>>('filterKey');
  const now = Context.currentSlot();
  const start = new Slot(now.period + startOffset, now.thread);
  const end = new Slot(now.period + startOffset + length, now.thread);
  for (let i: u32 = 0; i < count; i++) {
    const data = new Args().add(`${note}-${i}`).serialize();
    asyncCall(target, handler, start, end, maxGas, fee + i, data, coins, filterAddress, filterKey);
  }
  generateEvent(`scheduled ${count} ${handler}`);
}

/** A handler: records what it got, and reports its context in an event. */
export function receive(binaryArgs: StaticArray<u8>): void {
  const note = new Args(binaryArgs).mustNext<string>('note');
  Storage.set('received', note);
  const slot = Context.currentSlot();
  const origin = Context.originOperationId();
  generateEvent(
    `received ${note} with ${Context.transferredCoins()} at ${slot.period}:${slot.thread} from ${Context.caller().toString()} origin ${origin === null ? 'none' : origin!}`,
  );
}

/** A handler that fails after writing and emitting. */
export function failing(_: StaticArray<u8>): void {
  Storage.set('received', 'failing');
  generateEvent('about to fail');
  assert(false, 'handler failed');
}

/** Writes datastore entry `key`: fires the trigger of messages filtered on it. */
export function touch(binaryArgs: StaticArray<u8>): void {
  Storage.set(new Args(binaryArgs).mustNext<string>('key'), 'x');
}
