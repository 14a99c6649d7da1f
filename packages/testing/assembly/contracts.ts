import * as env from './env';

/**
 * Deploys compiled contract bytes as a deployer does: the transaction creator creates the contract
 * (paying its storage), then calls its `constructor` (if exported) with `args` and `coins`. Runs
 * as its own operation; returns the new address. Its constructor's events are in `events()`.
 */
export function deploy(bytecode: StaticArray<u8>, args: StaticArray<u8> = [], coins: u64 = 0): string {
  return env.deploy(bytecode, args, coins);
}

/**
 * Calls `functionName` of the contract at `address` from the code under test, through the VM: the
 * callee runs in its own instance, with its own storage, and its failure fails the caller.
 */
export function call(address: string, functionName: string, args: StaticArray<u8> = [], coins: u64 = 0): StaticArray<u8> {
  return env.call(address, functionName, args, coins);
}

/** Reads a file of the project (e.g. `build/token.wasm`), relative to the project root. */
export function readFile(path: string): StaticArray<u8> {
  return env.readFile(path);
}
