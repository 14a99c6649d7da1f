import { type Datastore, formatMas, serializeDatastore } from '@mason/codec';
import type { Account } from '../account/Account.js';
import { executeReadOnlyBytecode } from '../actions/executeReadOnlyBytecode.js';
import type { Client } from '../client.js';
import { ClientError } from '../errors.js';
import { checkAmount, checkMaxGas, gasWithMargin } from '../internal/checks.js';
import { MAX_GAS_EXECUTE } from './gasLimits.js';
import { type OperationOptions, type PreparedOperation, prepareOperation } from './prepareOperation.js';

export type ExecuteSCParams = OperationOptions & {
  /** WebAssembly bytecode whose `main` runs. */
  bytecode: Uint8Array;
  /** The operation datastore the bytecode can read (e.g. a contract to deploy). */
  datastore?: Datastore;
  /** nanoMAS the bytecode may spend. */
  maxCoins?: bigint;
  /**
   * At most 3,980,167,295 (a node accepts more, but the operation never fits in a block and
   * silently expires). Estimated by a read-only execution (+20 %) when omitted.
   */
  maxGas?: bigint;
  /**
   * Run the bytecode read-only (with `maxGas`) before signing even when `maxGas` is given, and
   * send nothing if it fails (MASON_CLIENT_DRY_RUN_FAILED). Without `maxGas` it always runs, to
   * estimate the gas.
   */
  dryRun?: boolean;
};

/** An ExecuteSC checked and signed by the one send pipeline, not yet sent (`executeSC` sends it at once). */
export async function prepareExecuteSC(client: Client, account: Account, params: ExecuteSCParams): Promise<PreparedOperation> {
  if (!(params.bytecode instanceof Uint8Array)) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name: 'bytecode', value: typeof params.bytecode, expected: 'a Uint8Array' });
  }
  const maxCoins = checkAmount('maxCoins', params.maxCoins ?? 0n);
  const datastore = params.datastore ?? [];
  const explicitGas = params.maxGas === undefined ? undefined : checkMaxGas('ExecuteSC', params.maxGas, 0n, MAX_GAS_EXECUTE);
  const bytecode = params.bytecode;

  return prepareOperation(client, account, params, ({ fee }) => ({
    spending: maxCoins,
    payload: async () => {
      const verify = explicitGas === undefined || params.dryRun === true;
      const maxGas = verify ? await dryRun(client, account, { bytecode, datastore, fee, maxGas: explicitGas }) : explicitGas;
      return { type: 'ExecuteSC', maxGas, maxCoins, bytecode, datastore };
    },
  }));
}

/** Runs the bytecode read-only as the account: the explicit gas if given, else the estimate (gas used + 20 %). */
async function dryRun(
  client: Client,
  account: Account,
  execution: { bytecode: Uint8Array; datastore: Datastore; fee: bigint; maxGas: bigint | undefined },
): Promise<bigint> {
  const [result] = await executeReadOnlyBytecode(client, [
    {
      max_gas: Number(execution.maxGas ?? MAX_GAS_EXECUTE),
      bytecode: Array.from(execution.bytecode),
      address: account.address.toString(),
      operation_datastore: execution.datastore.length ? Array.from(serializeDatastore(execution.datastore)) : null,
      fee: formatMas(execution.fee),
    },
  ]);
  if (!result || 'Error' in result.result) {
    const error = result && 'Error' in result.result ? result.result.Error : 'no result';
    if (execution.maxGas !== undefined) throw new ClientError('MASON_CLIENT_DRY_RUN_FAILED', { operation: 'ExecuteSC', maxGas: execution.maxGas, error });
    throw new ClientError('MASON_CLIENT_GAS_ESTIMATION_FAILED', { operation: 'ExecuteSC', error });
  }
  return execution.maxGas ?? gasWithMargin(result.gas_cost, 0n, MAX_GAS_EXECUTE);
}
