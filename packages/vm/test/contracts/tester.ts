// Exercises the host ABI through the official @massalabs/massa-as-sdk 3.x.
import { Args, bytesToString, stringToBytes, u64ToBytes } from '@massalabs/as-types';
import {
  Address,
  Context,
  Storage,
  balance,
  balanceOf,
  call,
  callerHasWriteAccess,
  env,
  functionExists,
  generateEvent,
  getOriginOperationId,
  isSignatureValid,
  keccak256,
  sendMessage,
  sha256,
  transferCoins,
  unsafeRandom,
} from '@massalabs/massa-as-sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'not deploying');
  const name = new Args(binaryArgs).nextString().expect('name missing');
  Storage.set('name', name);
  generateEvent(`Constructor called with name ${name}`);
}

export function hello(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(`Hello, ${Storage.get('name')}!`);
}

export function setValue(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const key = args.nextString().expect('key');
  const value = args.nextString().expect('value');
  Storage.set(key, value);
  generateEvent(`set ${key}=${value}`);
}

export function setBytes(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const key = args.nextBytes().expect('key');
  const value = args.nextBytes().expect('value');
  Storage.set(key, value);
}

export function getValue(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const key = new Args(binaryArgs).nextString().expect('key');
  return stringToBytes(Storage.get(key));
}

export function appendValue(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  Storage.append(args.nextString().expect('key'), args.nextString().expect('value'));
}

export function deleteValue(binaryArgs: StaticArray<u8>): void {
  Storage.del(new Args(binaryArgs).nextString().expect('key'));
}

export function hasValue(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  return [Storage.has(new Args(binaryArgs).nextString().expect('key')) ? 1 : 0];
}

/** Returns the keys under a byte prefix, as Args: count then each key as bytes. */
export function keys(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const prefix = new Args(binaryArgs).nextBytes().expect('prefix');
  const list = Storage.getKeys(prefix);
  const out = new Args().add(u32(list.length));
  for (let i = 0; i < list.length; i++) out.add(list[i]);
  return out.serialize();
}

export function contextInfo(_: StaticArray<u8>): StaticArray<u8> {
  const originId = getOriginOperationId();
  const origin: string = originId === null ? "" : originId;
  return new Args()
    .add(Context.caller().toString())
    .add(Context.callee().toString())
    .add(Context.transactionCreator().toString())
    .add(u32(Context.addressStack().length))
    .add(Context.timestamp())
    .add(Context.currentPeriod())
    .add(Context.currentThread())
    .add(Context.chainId())
    .add(Context.transferredCoins())
    .add(balance())
    .add(origin)
    .add(env.env.callStack())
    .add(env.env.ownedAddresses())
    .add(callerHasWriteAccess())
    .add(Context.remainingGas())
    .serialize();
}

export function emitMany(binaryArgs: StaticArray<u8>): void {
  const count = new Args(binaryArgs).nextU32().expect('count');
  for (let i: u32 = 0; i < count; i++) generateEvent(`event ${i}`);
}

export function bigEvent(binaryArgs: StaticArray<u8>): void {
  const size = new Args(binaryArgs).nextU32().expect('size');
  generateEvent('x'.repeat(size));
}

export function loopForever(_: StaticArray<u8>): void {
  let i: u64 = 0;
  while (true) {
    i++;
  }
}

function depth(n: u32): u32 {
  return n == 0 ? 0 : depth(n - 1) + 1;
}

export function recurse(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  return u64ToBytes(depth(new Args(binaryArgs).nextU32().expect('n')));
}

export function fail(_: StaticArray<u8>): void {
  generateEvent('before failing');
  Storage.set('touched', 'yes');
  assert(false, 'boom');
}

export function exhaustMemory(_: StaticArray<u8>): void {
  const chunks: Array<StaticArray<u8>> = [];
  while (true) chunks.push(new StaticArray<u8>(1 << 20));
}

export function sendCoins(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const to = args.nextString().expect('to');
  transferCoins(new Address(to), args.nextU64().expect('amount'));
}

export function balanceOfAddress(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  return u64ToBytes(balanceOf(new Args(binaryArgs).nextString().expect('address')));
}

export function random(_: StaticArray<u8>): StaticArray<u8> {
  return new Args().add(unsafeRandom()).add(unsafeRandom()).add(Math.random()).serialize();
}

export function hashes(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const data = new Args(binaryArgs).nextBytes().expect('data');
  const blake: StaticArray<u8> = env.env.blake3(data);
  return new Args().add(sha256(data)).add(keccak256(data)).add(blake).serialize();
}

export function verify(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const data = args.nextString().expect('data');
  const signature = args.nextString().expect('signature');
  const publicKey = args.nextString().expect('publicKey');
  return [isSignatureValid(publicKey, data, signature) ? 1 : 0];
}

/** Calls `function` of `target` with raw args and coins; returns its result. */
export function forward(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const target = new Address(args.nextString().expect('target'));
  const fn = args.nextString().expect('function');
  const inner = args.nextBytes().expect('args');
  const coins = args.nextU64().expect('coins');
  return call(target, fn, new Args(inner), coins);
}

/** Calls itself `remaining` more times through `call`. */
export function nest(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const remaining = new Args(binaryArgs).nextU32().expect('remaining');
  if (remaining == 0) return u64ToBytes(Context.addressStack().length);
  return call(Context.callee(), 'nest', new Args().add(remaining - 1), 0);
}

export function writeOther(binaryArgs: StaticArray<u8>): void {
  const target = new Address(new Args(binaryArgs).nextString().expect('target'));
  Storage.setOf(target, 'intruder', 'yes');
}

export function exists(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  return [functionExists(new Address(args.nextString().expect('address')), args.nextString().expect('fn')) ? 1 : 0];
}

export function receiveCoins(_: StaticArray<u8>): StaticArray<u8> {
  generateEvent(`received ${Context.transferredCoins()}`);
  return u64ToBytes(balance());
}

export function noResult(): void {
  generateEvent('no args');
}

export function twoParams(a: i32, b: i32): i32 {
  return a + b;
}

export function echo(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  return binaryArgs;
}

export function nameBytes(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(bytesToString(stringToBytes('é')));
}

export function spin(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const n = new Args(binaryArgs).nextU32().expect('n');
  let acc: u64 = 0;
  for (let i: u32 = 0; i < n; i++) acc += u64(i) * 3;
  return u64ToBytes(acc);
}

export function schedule(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const target = new Address(args.nextString().expect('target'));
  const fn = args.nextString().expect('fn');
  const coins = args.nextU64().expect('coins');
  sendMessage(target, fn, 13, 0, 20, 0, 3_000_000, 1_000, coins, new Args().add('from async').serialize());
}

/** Every send_message argument from Args: target, handler, validity start/end, gas, fee, coins, data, filter. */
export function scheduleWith(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  sendMessage(
    new Address(args.nextString().expect('target')),
    args.nextString().expect('handler'),
    args.nextU64().expect('startPeriod'),
    args.nextU8().expect('startThread'),
    args.nextU64().expect('endPeriod'),
    args.nextU8().expect('endThread'),
    args.nextU64().expect('maxGas'),
    args.nextU64().expect('fee'),
    args.nextU64().expect('coins'),
    args.nextBytes().expect('data'),
    new Address(args.nextString().expect('filterAddress')),
    args.nextBytes().expect('filterKey'),
  );
}

// AssemblyScript's bare abort (massa-as-sdk's fileToByteArray stub): a null file name.
export function bareAbort(_: StaticArray<u8>): void {
  abort('Please use transformer to dynamically include the file.');
}

// A message pointer past the end of memory.
export function abortOutsideMemory(_: StaticArray<u8>): void {
  abort(changetype<string>(<usize>0x7ffffff0), 'assembly/contracts/main.ts', 7, 5);
}
