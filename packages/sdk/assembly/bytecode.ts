import { Address } from './Address';
import * as env from './env/index';

/**
 * Creates a contract from wasm `bytecode` and returns its address; the current frame may then write
 * to it. The creator pays 0.001 MAS + 0.0001 MAS per byte of storage.
 */
export function createSC(bytecode: StaticArray<u8>): Address {
  return new Address(env.createSc(bytecode));
}

/** Replaces the current contract's bytecode; storage cost follows the size change. */
export function setBytecode(bytecode: StaticArray<u8>): void {
  env.setBytecode(bytecode);
}

/** Replaces the bytecode at `address`; needs write access on it. */
export function setBytecodeOf(address: Address, bytecode: StaticArray<u8>): void {
  env.setBytecodeFor(address.toString(), bytecode);
}

export function getBytecode(): StaticArray<u8> {
  return env.getBytecode();
}

export function getBytecodeOf(address: Address): StaticArray<u8> {
  return env.getBytecodeFor(address.toString());
}
