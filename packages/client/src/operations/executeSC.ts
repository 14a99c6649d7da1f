import { type Datastore, formatMas, serializeDatastore } from '@mason/codec';
import type { Account } from '../account/Account.js';
import { executeReadOnlyBytecode } from '../actions/executeReadOnlyBytecode.js';
import type { Client } from '../client.js';
import { ClientError } from '../errors.js';
import { checkAmount, checkMaxGas, gasWithMargin } from '../internal/checks.js';
import { type OperationOptions, sendOperation } from '../internal/sendOperation.js';
import { MAX_GAS_EXECUTE } from './gasLimits.js';
import type { Operation } from './Operation.js';

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
};

/** Runs bytecode on chain (an ExecuteSC operation), e.g. a deployer. */
export async function executeSC(client: Client, account: Account, params: ExecuteSCParams): Promise<Operation> {
  if (!(params.bytecode instanceof Uint8Array)) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name: 'bytecode', value: typeof params.bytecode, expected: 'a Uint8Array' });
  }
  const maxCoins = checkAmount('maxCoins', params.maxCoins ?? 0n);
  const datastore = params.datastore ?? [];
  const explicitGas = params.maxGas === undefined ? undefined : checkMaxGas('ExecuteSC', params.maxGas, 0n, MAX_GAS_EXECUTE);
  const bytecode = params.bytecode;

  return sendOperation(client, account, params, ({ fee }) => ({
    spending: maxCoins,
    payload: async () => {
      const maxGas = explicitGas ?? (await estimate(client, account, { bytecode, datastore, fee }));
      return { type: 'ExecuteSC', maxGas, maxCoins, bytecode, datastore };
    },
  }));
}

async function estimate(client: Client, account: Account, execution: { bytecode: Uint8Array; datastore: Datastore; fee: bigint }): Promise<bigint> {
  const [dryRun] = await executeReadOnlyBytecode(client, [
    {
      max_gas: Number(MAX_GAS_EXECUTE),
      bytecode: Array.from(execution.bytecode),
      address: account.address.toString(),
      operation_datastore: execution.datastore.length ? Array.from(serializeDatastore(execution.datastore)) : null,
      fee: formatMas(execution.fee),
    },
  ]);
  if (!dryRun || 'Error' in dryRun.result) {
    throw new ClientError('MASON_CLIENT_GAS_ESTIMATION_FAILED', {
      operation: 'ExecuteSC',
      error: dryRun && 'Error' in dryRun.result ? dryRun.result.Error : 'no result',
    });
  }
  return gasWithMargin(dryRun.gas_cost, 0n, MAX_GAS_EXECUTE);
}
