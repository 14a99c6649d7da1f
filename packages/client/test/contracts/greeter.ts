// The contract the client's tests deploy and call on the devnet.
import { Args, Context, Storage, generateEvent, getBytecode, setBytecode, stringToBytes } from '@mason/sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const name = new Args(binaryArgs).mustNext<string>('name');
  Storage.set('name', name);
  generateEvent(`Constructor called with name ${name}`);
}

export function sum(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const a = args.mustNext<i32>('a');
  const b = args.mustNext<i32>('b');
  const total = a + b;
  generateEvent(`sum: ${a} + ${b} = ${total}`);
  Storage.set('last', total.toString());
  return stringToBytes(total.toString());
}

export function greet(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(`Hello, ${Storage.get('name')}!`);
}

export function fail(_: StaticArray<u8>): void {
  generateEvent('about to fail');
  assert(false, 'this call always fails');
}

/** Sets its own bytecode again `times` times: 745,000,000 gas each (compilation), no storage cost. */
export function heavy(binaryArgs: StaticArray<u8>): void {
  const times = new Args(binaryArgs).mustNext<u32>('times');
  const code = getBytecode();
  for (let i: u32 = 0; i < times; i++) setBytecode(code);
}
