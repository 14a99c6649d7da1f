// The scaffolded "hello" contract, written with @mason/sdk.
import { Args, Context, Storage, generateEvent, stringToBytes } from '../../assembly';

const NAME_KEY = 'name_key';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const name = new Args(binaryArgs).mustNext<string>('name');
  Storage.set(NAME_KEY, name);
  generateEvent(`Constructor called with name ${name}`);
}

export function hello(_: StaticArray<u8>): StaticArray<u8> {
  const name = Storage.get(NAME_KEY);
  const message = `Hello, ${name}!`;
  generateEvent(message);
  return stringToBytes(message);
}
