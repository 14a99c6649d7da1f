// Contracts that misbehave in every way the node must survive.
import { Address, Args, Context, Storage, call, generateEvent } from '@mason/sdk';

/** The deployer sends the contract its coins with this call. */
export function constructor(_: StaticArray<u8>): void {}

export function allocate(_: StaticArray<u8>): void {
  Storage.set('touched', 'allocate');
  const chunks = new Array<StaticArray<u8>>();
  while (true) chunks.push(new StaticArray<u8>(65536));
}

export function recurse(_: StaticArray<u8>): void {
  Storage.set('touched', 'recurse');
  call(Context.callee(), 'recurse');
}

export function bigEvent(_: StaticArray<u8>): void {
  Storage.set('touched', 'bigEvent');
  generateEvent('x'.repeat(2000));
}

export function manyEvents(_: StaticArray<u8>): void {
  Storage.set('touched', 'manyEvents');
  for (let i = 0; i < 26; i++) generateEvent(`event ${i}`);
}

export function trap(_: StaticArray<u8>): void {
  generateEvent('trapping');
  unreachable();
}

export function nestedTrap(binaryArgs: StaticArray<u8>): void {
  Storage.set('touched', 'nestedTrap');
  const other = new Args(binaryArgs).mustNext<string>('other');
  call(new Address(other), 'trap');
}

export function pingPong(binaryArgs: StaticArray<u8>): void {
  Storage.set('touched', 'pingPong');
  const other = new Args(binaryArgs).mustNext<string>('other');
  call(new Address(other), 'pingPong', new Args().add(Context.callee().toString()));
}
