// Registers, cancels and handles deferred calls through the official @massalabs/massa-as-sdk 3.x.
import { Args, u64ToBytes } from '@massalabs/as-types';
import {
  Context,
  Slot,
  Storage,
  deferredCallCancel,
  deferredCallExists,
  deferredCallQuote,
  deferredCallRegister,
  generateEvent,
} from '@massalabs/massa-as-sdk';

export function constructor(_: StaticArray<u8>): void {}

/** The slot `periods` periods after the current one, in `thread`. */
function target(args: Args): Slot {
  const periods = args.nextU64().expect('periods');
  const thread = args.nextU8().expect('thread');
  return new Slot(Context.currentPeriod() + periods, thread);
}

/** Args: periods ahead, thread, max gas, params size. Returns and emits the price (0: cannot be booked). */
export function quote(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const slot = target(args);
  const price = deferredCallQuote(slot, args.nextU64().expect('maxGas'), args.nextU64().expect('paramsSize'));
  generateEvent(`quote ${price}`);
  return u64ToBytes(price);
}

/**
 * Args: target address, function, periods ahead, thread, max gas, coins, note. Books the call at
 * the quoted price and sends it `coins`; the handler gets Args(note). Returns the id.
 */
export function register(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const address = args.nextString().expect('target');
  const func = args.nextString().expect('function');
  return registerIn(args, address, func, target(args));
}

/** Like `register`, with the target slot's own period instead of periods ahead. */
export function registerAt(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const address = args.nextString().expect('target');
  const func = args.nextString().expect('function');
  const period = args.nextU64().expect('period');
  return registerIn(args, address, func, new Slot(period, args.nextU8().expect('thread')));
}

function registerIn(args: Args, address: string, func: string, slot: Slot): StaticArray<u8> {
  const maxGas = args.nextU64().expect('maxGas');
  const coins = args.nextU64().expect('coins');
  const params = new Args().add(args.nextString().expect('note')).serialize();
  const id = deferredCallRegister(address, func, slot, maxGas, params, coins);
  Storage.set('last', id);
  generateEvent(`registered ${id} at ${slot.period}:${slot.thread}`);
  return new Args().add(id).serialize();
}

/** Registers like `register`, then fails: nothing of the registration may remain. */
export function registerThenFail(binaryArgs: StaticArray<u8>): void {
  register(binaryArgs);
  assert(false, 'failing after the registration');
}

/** Args: id. Emits and returns whether the call is still to run. */
export function exists(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const id = new Args(binaryArgs).nextString().expect('id');
  const found = deferredCallExists(id);
  generateEvent(`exists ${found}`);
  return new Args().add(found).serialize();
}

/** Args: id. */
export function cancel(binaryArgs: StaticArray<u8>): void {
  const id = new Args(binaryArgs).nextString().expect('id');
  deferredCallCancel(id);
  generateEvent(`cancelled ${id}`);
}

/** A deferred call's handler: counts its runs and reports what it received. */
export function tick(binaryArgs: StaticArray<u8>): void {
  const note = new Args(binaryArgs).nextString().expect('note');
  const runs: i32 = Storage.has('ticks') ? I32.parseInt(Storage.get('ticks')) + 1 : 1;
  Storage.set('ticks', runs.toString());
  generateEvent(`tick ${note} with ${Context.transferredCoins()} from ${Context.caller().toString()} at ${Context.currentPeriod()}:${Context.currentThread()}`);
}

/** A handler that writes, emits, then fails. */
export function failing(_: StaticArray<u8>): void {
  Storage.set('failed', 'written');
  generateEvent('about to fail');
  assert(false, 'deferred handler failure');
}
