// Contracts of the deployment-script tests: a token that names a minter and can be upgraded, a
// vault that takes the token's address, and two new versions of the token (one without setMinter).

export const TOKEN = `import { Args, Context, Storage, setBytecode, stringToBytes } from '@mason/sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  Storage.set('name', new Args(binaryArgs).nextString().expect('the constructor takes a name (string)'));
}

export function setMinter(binaryArgs: StaticArray<u8>): void {
  Storage.set('minter', new Args(binaryArgs).nextString().expect('setMinter takes an address (string)'));
}

export function minter(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get('minter'));
}

export function upgradeSC(binaryArgs: StaticArray<u8>): void {
  setBytecode(binaryArgs);
}
`;

export const VAULT = `import { Args, Context, Storage, stringToBytes } from '@mason/sdk';

export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  Storage.set('token', new Args(binaryArgs).nextString().expect('the constructor takes the token address (string)'));
}

export function token(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get('token'));
}
`;

/** Upgraded token that lost setMinter. */
export const TOKEN_NO_MINTER = `import { stringToBytes } from '@mason/sdk';

export function version(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes('2');
}
`;

/** Upgraded token that keeps setMinter and minter. */
export const TOKEN_V3 = `import { Args, Storage, stringToBytes } from '@mason/sdk';

export function setMinter(binaryArgs: StaticArray<u8>): void {
  Storage.set('minter', new Args(binaryArgs).nextString().expect('setMinter takes an address (string)'));
}

export function minter(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get('minter'));
}

export function version(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes('3');
}
`;
