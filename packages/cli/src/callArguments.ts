import type { Client } from '@mason/client';
import type { AbiFunction } from '@mason/codec/base';
import { encodeAbiValues } from './abiArgs.js';
import { findContractAbi, type FoundAbi } from './contractAbi.js';
import { encodeContractArgs } from './contractArgs.js';
import type { ContractTarget } from './contractTarget.js';
import { CliError } from './errors.js';

export interface CallArguments {
  parameter: Uint8Array;
  /** The contract's ABI and the function's entry, when the project built it. */
  abi: FoundAbi | null;
  fn: AbiFunction | null;
}

/**
 * The argument bytes of `mason call`/`read`: typed `--args`, or plain values checked against the
 * function's ABI (which is also what decodes the result). Without either, no arguments — unless
 * the ABI says the function takes some.
 */
export async function callArguments(
  client: Client,
  contract: ContractTarget,
  func: string,
  values: readonly string[],
  typed: readonly string[],
): Promise<CallArguments> {
  if (values.length > 0 && typed.length > 0) throw new CliError('MASON_CLI_ARGS_AND_VALUES', { values: values.join(' '), args: typed.join(' ') });
  // Plain values need the ABI, and its problems are theirs; otherwise it only decodes the result, and is skipped when unreadable.
  const abi = await findContractAbi(client, contract.address, contract.name).catch((error: unknown) => {
    if (values.length > 0) throw error;
    return null;
  });
  const fn = abi?.abi.functions.find((entry) => entry.name === func) ?? null;
  if (typed.length > 0) return { parameter: encodeContractArgs(typed), abi, fn };
  const name = contract.name ?? contract.address;
  if (!abi || !fn) {
    if (values.length > 0) throw new CliError('MASON_CLI_NO_ABI', { contract: name });
    return { parameter: new Uint8Array(0), abi, fn };
  }
  if (values.length === 0 && (fn.params === 'unknown' || fn.params.length === 0)) return { parameter: new Uint8Array(0), abi, fn };
  return { parameter: encodeAbiValues(fn, values, abi.abi.structs, name), abi, fn };
}
