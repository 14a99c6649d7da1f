import { formatMas } from '@mason/codec';
import { executeReadOnlyCall } from '../actions/executeReadOnlyCall.js';
import { executeReadOnlyCallTraced } from '../actions/executeReadOnlyCallTraced.js';
import type { Client, RequestOptions } from '../client.js';
import { checkAddress, checkAmount, checkMaxGas } from '../internal/checks.js';
import type { AddressLike } from '../types/addressLike.js';
import { type BytesLike, toBytes } from '../types/bytesLike.js';
import { MAX_GAS_CALL, MAX_READ_ONLY_GAS, MIN_GAS_CALL } from './gasLimits.js';
import { type ReadOnlyCallResult, toReadOnlyCallResult } from './readOnlyCallResult.js';

/** massa-web3's stand-in caller when none is given (massa#4912). */
export const READ_ONLY_DEFAULT_CALLER = 'AU12hCMYq5LoYktCeEYetJWow9Ttr2N4Pcbek7uS9e5u2Er5X4tAn';

export type ReadOnlyCallParams = RequestOptions & {
  target: AddressLike;
  func: string;
  parameter?: BytesLike;
  /** Default: massa-web3's placeholder address. */
  caller?: AddressLike;
  /** nanoMAS moved caller → target during the dry run. */
  coins?: bigint;
  /** nanoMAS debited from the caller during the dry run; at least minimal_fees when given. */
  fee?: bigint;
  /** Default 4,294,167,295 (MAX_GAS_CALL); within [2,100,000, 4,294,967,295]. */
  maxGas?: bigint;
  /**
   * Also return the execution's trace (`result.trace`, and the error's `context.trace` on failure):
   * a Mason devnet's `mason_execute_read_only_call`; a node without it answers "method not found".
   */
  trace?: boolean;
};

/** Calls a contract function without sending an operation; throws MASON_CLIENT_READ_ONLY_FAILED on failure. */
export async function readOnlyCall(client: Client, params: ReadOnlyCallParams): Promise<ReadOnlyCallResult> {
  const { target, func, parameter, caller, coins, fee, maxGas, trace, ...requestOptions } = params;
  const targetAddress = checkAddress('target', String(target));
  const gas = checkMaxGas('read-only call', maxGas ?? MAX_GAS_CALL, MIN_GAS_CALL, MAX_READ_ONLY_GAS);
  const [response] = await (trace ? executeReadOnlyCallTraced : executeReadOnlyCall)(
    client,
    [
      {
        max_gas: Number(gas),
        target_address: targetAddress,
        target_function: func,
        parameter: Array.from(toBytes(parameter)),
        caller_address: caller === undefined ? READ_ONLY_DEFAULT_CALLER : checkAddress('caller', String(caller)),
        coins: coins === undefined ? null : formatMas(checkAmount('coins', coins)),
        fee: fee === undefined ? null : formatMas(checkAmount('fee', fee)),
      },
    ],
    requestOptions,
  );
  return toReadOnlyCallResult(response, `${targetAddress}.${func}`, client);
}
