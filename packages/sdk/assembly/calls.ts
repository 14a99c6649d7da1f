import { Address } from './Address';
import { Args } from './Args';
import * as env from './env/index';

/**
 * Calls `functionName` of the contract at `address` in a new frame, sending `coins` nanoMAS,
 * and returns what it returns. Its failure fails the caller.
 */
export function call(address: Address, functionName: string, args: Args = new Args(), coins: u64 = 0): StaticArray<u8> {
  return env.call(address.toString(), functionName, args.serialize(), coins);
}

/** Runs another contract's function in the current context (current address, storage and coins). */
export function localCall(address: Address, functionName: string, args: Args = new Args()): StaticArray<u8> {
  return env.localCall(address.toString(), functionName, args.serialize());
}

/** Runs a function of `bytecode` in the current context. */
export function localExecution(bytecode: StaticArray<u8>, functionName: string, args: Args = new Args()): StaticArray<u8> {
  return env.localExecution(bytecode, functionName, args.serialize());
}

/** Whether the contract at `address` exports `functionName`. */
export function functionExists(address: Address, functionName: string): bool {
  return env.functionExists(address.toString(), functionName);
}
