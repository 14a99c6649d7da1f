// The official scaffold's contract, built with @massalabs/massa-as-sdk 3.x as its users do.
import { Args, stringToBytes } from '@massalabs/as-types';
import { Context, Storage, generateEvent } from '@massalabs/massa-as-sdk';

const NAME_KEY = 'name_key';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const name = new Args(binaryArgs).nextString().expect('Name argument is missing or invalid');
  Storage.set(NAME_KEY, name);
  generateEvent(`Constructor called with name ${name}`);
}

export function hello(_: StaticArray<u8>): StaticArray<u8> {
  const name = Storage.get(NAME_KEY);
  const message = `Hello, ${name}!`;
  generateEvent(message);
  return stringToBytes(message);
}
