import { Args, Context, Storage, generateEvent, stringToBytes } from '@mason/sdk';

const NAME_KEY = 'name';

/** Runs once, when the contract is deployed: stores the name given by the deployer. */
export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const name = new Args(binaryArgs).nextString().expect('the constructor takes a name (string)');
  Storage.set(NAME_KEY, name);
  generateEvent(`Constructor called with name ${name}`);
}

/** Adds two i32, announces the operation in an event, and returns the result as text. */
export function sum(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const a = args.nextI32().expect('sum takes two i32: the first is missing');
  const b = args.nextI32().expect('sum takes two i32: the second is missing');
  const result = a + b;
  generateEvent(`Sum: ${a} + ${b} = ${result}`);
  return stringToBytes(result.toString());
}

/** Greets with the name stored at deployment. */
export function hello(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(`Hello, ${Storage.get(NAME_KEY)}!`);
}
