import { deserializeDatastore, formatMas, nextSlot, parseMas, type Datastore } from '@mason/codec';
import { formatReadOnlyError, VmError, type LedgerChanges, type ReadOnlyResult } from '@mason/vm';
import { ApiError } from './apiError.js';
import type { DevnetNode } from './devnetNode.js';
import { ReadOnlyQueue } from './readOnlyQueue.js';
import { isBytes, isObject, isString, isU64, parseAddress } from './rpc/params.js';

/**
 * Runs execute_read_only_bytecode / execute_read_only_call requests (given as the node's JSON).
 * A request is checked at once (invalid params throw), then waits its turn in the read-only queue.
 */
export interface ReadOnlyExecutor {
  bytecode(request: unknown): Promise<Record<string, unknown>>;
  call(request: unknown): Promise<Record<string, unknown>>;
}

const NO_CHANGES = {
  ledger_changes: {},
  async_pool_changes: [],
  deferred_call_changes: {},
  pos_changes: {},
  executed_ops_changes: {},
  executed_denunciations_changes: [],
  execution_trail_hash_change: 'Keep',
};

function ledgerChangesJson(changes: LedgerChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const bytes = (key: string) => Array.from(key, (c) => c.charCodeAt(0));
  for (const [address, change] of changes) {
    if (change.kind === 'delete') out[address] = 'Delete';
    else if (change.kind === 'set') {
      out[address] = {
        Set: {
          balance: formatMas(change.balance),
          bytecode: Array.from(change.bytecode),
          datastore: [...change.datastore].map(([k, v]) => [bytes(k), Array.from(v)]),
        },
      };
    } else {
      out[address] = {
        Update: {
          balance: change.balance === undefined ? 'Keep' : { Set: formatMas(change.balance) },
          bytecode: change.bytecode === undefined ? 'Keep' : { Set: Array.from(change.bytecode) },
          datastore: [...change.datastore].map(([k, v]) => [bytes(k), v === null ? 'Delete' : { Set: Array.from(v) }]),
        },
      };
    }
  }
  return out;
}

/** The node's answer when its read-only queue is full: `ExecutionError::ChannelError`, whose Display is "Channel error". */
const QUEUE_FULL = {
  executed_at: { period: 0, thread: 0 },
  result: { Error: formatReadOnlyError('Channel error') },
  output_events: [],
  gas_cost: 0,
  state_changes: NO_CHANGES,
};

function optionalAmount(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isString(value)) throw ApiError.invalidParams();
  try {
    return parseMas(value);
  } catch (error) {
    throw ApiError.invalidParams(`Invalid params: ${(error as Error).message}`);
  }
}

/**
 * Read-only executions on the candidate state through the devnet's VM, committing nothing.
 * Execution failures are reported inside the result, as the node does.
 */
export function createReadOnlyExecutor(node: DevnetNode, queue: ReadOnlyQueue = new ReadOnlyQueue()): ReadOnlyExecutor {
  const respond = (run: () => ReadOnlyResult): Promise<Record<string, unknown>> => queue.submit(() => respondNow(run)) ?? Promise.resolve({ ...QUEUE_FULL });
  const respondNow = (run: () => ReadOnlyResult): Record<string, unknown> => {
    const executedAt = nextSlot(node.currentSlot(), node.config.threadCount);
    let result: ReadOnlyResult;
    try {
      result = run();
    } catch (error) {
      if (error instanceof VmError)
        return { executed_at: executedAt, result: { Error: formatReadOnlyError(error.message) }, output_events: [], gas_cost: 0, state_changes: NO_CHANGES };
      throw error;
    }
    return {
      executed_at: executedAt,
      result: result.ok ? { Ok: Array.from(result.returnValue) } : { Error: formatReadOnlyError(result.error?.nodeMessage ?? 'unknown error') },
      output_events: result.events,
      gas_cost: Number(result.gasCost),
      state_changes: { ...NO_CHANGES, ledger_changes: result.ok ? ledgerChangesJson(result.stateChanges) : {} },
    };
  };
  const feeTooLow = (fee: bigint | undefined) =>
    fee !== undefined && fee < node.config.minimalFees
      ? {
          executed_at: { period: 0, thread: 0 },
          result: { Error: `fee is too low provided: ${formatMas(fee)} , minimal_fees required: ${formatMas(node.config.minimalFees)}` },
          output_events: [],
          gas_cost: 0,
          state_changes: NO_CHANGES,
        }
      : null;
  const context = () => {
    const slot = nextSlot(node.currentSlot(), node.config.threadCount);
    return { slot, timestamp: node.now() };
  };

  return {
    bytecode(request) {
      if (!isObject(request) || !isU64(request.max_gas) || !isBytes(request.bytecode)) throw ApiError.invalidParams();
      const fee = optionalAmount(request.fee);
      const low = feeTooLow(fee);
      if (low) return Promise.resolve(low);
      let datastore: Datastore | undefined;
      if (request.operation_datastore !== undefined && request.operation_datastore !== null) {
        if (!isBytes(request.operation_datastore)) throw ApiError.invalidParams();
        try {
          datastore = deserializeDatastore(Uint8Array.from(request.operation_datastore));
        } catch (error) {
          throw ApiError.inconsistency(`Operation datastore error: ${(error as Error).message}`);
        }
      }
      const caller = request.address === undefined || request.address === null ? undefined : parseAddress(request.address);
      return respond(() =>
        node.vm.readOnlyBytecode({
          bytecode: Uint8Array.from(request.bytecode as number[]),
          maxGas: request.max_gas as number,
          context: context(),
          ...(caller && { caller }),
          ...(datastore && { datastore }),
          ...(fee !== undefined && { fee }),
        }),
      );
    },
    call(request) {
      if (!isObject(request) || !isU64(request.max_gas) || !isString(request.target_function)) throw ApiError.invalidParams();
      const parameter = request.parameter ?? [];
      if (!isBytes(parameter)) throw ApiError.invalidParams();
      const target = parseAddress(request.target_address);
      const fee = optionalAmount(request.fee);
      const coins = optionalAmount(request.coins);
      const low = feeTooLow(fee);
      if (low) return Promise.resolve(low);
      const caller = request.caller_address === undefined || request.caller_address === null ? undefined : parseAddress(request.caller_address);
      return respond(() =>
        node.vm.readOnlyCall({
          target,
          function: request.target_function as string,
          param: Uint8Array.from(parameter),
          maxGas: request.max_gas as number,
          context: context(),
          ...(caller && { caller }),
          ...(fee !== undefined && { fee }),
          ...(coins !== undefined && { coins }),
        }),
      );
    },
  };
}
