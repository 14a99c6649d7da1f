import { formatMas } from '@mason/codec';
import type { Account } from '../account/Account.js';
import { executeReadOnlyCall } from '../actions/executeReadOnlyCall.js';
import type { Client } from '../client.js';
import { ClientError } from '../errors.js';
import { checkAddress, checkAmount, checkMaxGas, gasWithMargin } from '../internal/checks.js';
import { type OperationOptions, sendOperation } from '../internal/sendOperation.js';
import type { AddressLike } from '../types/addressLike.js';
import { type BytesLike, toBytes } from '../types/bytesLike.js';
import { MAX_GAS_CALL, MIN_GAS_CALL } from './gasLimits.js';
import type { Operation } from './Operation.js';

export type CallSCParams = OperationOptions & {
  target: AddressLike;
  func: string;
  /** The function's argument bytes, e.g. `new Args().addString('hi')`. */
  parameter?: BytesLike;
  /** nanoMAS sent to the contract with the call. */
  coins?: bigint;
  /** Within [2,100,000, 4,294,167,295]; estimated by a read-only call (+20 %) when omitted. */
  maxGas?: bigint;
};

/** Calls a contract function (a CallSC operation). */
export async function callSC(client: Client, account: Account, params: CallSCParams): Promise<Operation> {
  const target = checkAddress('target', String(params.target));
  const coins = checkAmount('coins', params.coins ?? 0n);
  const param = toBytes(params.parameter);
  const func = params.func;
  if (typeof func !== 'string' || func.length === 0 || new TextEncoder().encode(func).length > 255) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name: 'func', value: String(func), expected: 'a function name of 1 to 255 UTF-8 bytes' });
  }
  const explicitGas = params.maxGas === undefined ? undefined : checkMaxGas('CallSC', params.maxGas, MIN_GAS_CALL, MAX_GAS_CALL);

  return sendOperation(client, account, params, ({ fee }) => ({
    spending: coins,
    payload: async () => {
      const maxGas = explicitGas ?? (await estimate(client, account, { target, func, param, coins, fee }));
      return { type: 'CallSC', maxGas, coins, target, func, param };
    },
  }));
}

async function estimate(
  client: Client,
  account: Account,
  call: { target: string; func: string; param: Uint8Array; coins: bigint; fee: bigint },
): Promise<bigint> {
  const [dryRun] = await executeReadOnlyCall(client, [
    {
      max_gas: Number(MAX_GAS_CALL),
      target_address: call.target,
      target_function: call.func,
      parameter: Array.from(call.param),
      caller_address: account.address.toString(),
      coins: formatMas(call.coins),
      fee: formatMas(call.fee),
    },
  ]);
  if (!dryRun || 'Error' in dryRun.result) {
    throw new ClientError('MASON_CLIENT_GAS_ESTIMATION_FAILED', {
      operation: `CallSC ${call.target}.${call.func}`,
      error: dryRun && 'Error' in dryRun.result ? dryRun.result.Error : 'no result',
    });
  }
  return gasWithMargin(dryRun.gas_cost, MIN_GAS_CALL, MAX_GAS_CALL);
}
