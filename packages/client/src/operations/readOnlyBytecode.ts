import { type Datastore, formatMas, serializeDatastore } from '@mason/codec';
import { executeReadOnlyBytecode } from '../actions/executeReadOnlyBytecode.js';
import type { Client, RequestOptions } from '../client.js';
import { checkAddress, checkAmount, checkMaxGas } from '../internal/checks.js';
import type { AddressLike } from '../types/addressLike.js';
import { MAX_GAS_EXECUTE, MAX_READ_ONLY_GAS } from './gasLimits.js';
import { type ReadOnlyCallResult, toReadOnlyCallResult } from './readOnlyCallResult.js';

export type ReadOnlyBytecodeParams = RequestOptions & {
  bytecode: Uint8Array;
  /** The caller; the node uses a fresh zero-balance address when omitted. */
  caller?: AddressLike;
  datastore?: Datastore;
  fee?: bigint;
  /** Default 3,980,167,295 (MAX_GAS_EXECUTE); at most 4,294,967,295. */
  maxGas?: bigint;
};

/** Runs bytecode's `main` without sending an operation; throws MASON_CLIENT_READ_ONLY_FAILED on failure. */
export async function readOnlyBytecode(client: Client, params: ReadOnlyBytecodeParams): Promise<ReadOnlyCallResult> {
  const { bytecode, caller, datastore, fee, maxGas, ...requestOptions } = params;
  const gas = checkMaxGas('read-only bytecode', maxGas ?? MAX_GAS_EXECUTE, 0n, MAX_READ_ONLY_GAS);
  const [response] = await executeReadOnlyBytecode(
    client,
    [
      {
        max_gas: Number(gas),
        bytecode: Array.from(bytecode),
        address: caller === undefined ? null : checkAddress('caller', String(caller)),
        operation_datastore: datastore?.length ? Array.from(serializeDatastore(datastore)) : null,
        fee: fee === undefined ? null : formatMas(checkAmount('fee', fee)),
      },
    ],
    requestOptions,
  );
  return toReadOnlyCallResult(response, 'bytecode', client);
}
