import { Address, Args, Storage, balanceOf, generateEvent, stringToBytes } from '@mason/sdk';

// For the state-control tests: reads what mason_set_balance / mason_set_datastore_entry wrote.

export function balanceAt(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const address = new Args(binaryArgs).mustNext<string>('address');
  const amount = balanceOf(new Address(address));
  generateEvent(`balance of ${address}: ${amount}`);
  return stringToBytes(amount.toString());
}

export function readKey(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const key = new Args(binaryArgs).mustNext<string>('key');
  const value = Storage.has(key) ? Storage.get(key) : '(none)';
  generateEvent(`${key} = ${value}`);
  return stringToBytes(value);
}
