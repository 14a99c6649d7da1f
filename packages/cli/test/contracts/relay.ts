// For the trace tests: calls between contracts, a failure deep in a call tree, an asynchronous message.
import { Address, Args, Context, Slot, Storage, asyncCall, call, generateEvent, stringToBytes } from '@mason/sdk';

export function constructor(_: StaticArray<u8>): void {}

/** Stores `key` = `value` and says so. */
export function store(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const key = args.mustNext<string>('key');
  const value = args.mustNext<string>('value');
  Storage.set(key, value);
  generateEvent(`stored ${key}`);
  return stringToBytes(value);
}

/** Calls `fn` of `target` with the raw `args`, after noting it. */
export function relay(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const target = new Address(args.mustNext<string>('target'));
  const fn = args.mustNext<string>('fn');
  const inner = args.mustNext<StaticArray<u8>>('args');
  Storage.set('relayed', fn);
  return call(target, fn, new Args(inner), 0);
}

export function boom(_: StaticArray<u8>): void {
  generateEvent('about to fail');
  assert(false, 'boom deep in the tree');
}

/** Sends `store(key, value)` to `target` as an asynchronous message, valid from the next period. */
export function later(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const target = new Address(args.mustNext<string>('target'));
  const now = Context.currentSlot();
  const data = new Args().add(args.mustNext<string>('key')).add(args.mustNext<string>('value')).serialize();
  asyncCall(target, 'store', new Slot(now.period + 1, now.thread), new Slot(now.period + 20, now.thread), 10_000_000, 1_000_000, data, 0);
}

export function read(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get(new Args(binaryArgs).mustNext<string>('key')));
}
