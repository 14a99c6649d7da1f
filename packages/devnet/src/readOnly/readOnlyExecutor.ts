import { deserializeDatastore, formatMas, nextSlot, parseMas, type Datastore } from '@mason/codec';
import { ApiError } from '../apiError.js';
import type { ChainReader } from '../chainAccess.js';
import { NO_STATE_CHANGES, readOnlyFailure, type ReadOnlyJob, type ReadOnlyResponse } from './readOnlyJob.js';
import { ReadOnlyFailures } from './ReadOnlyFailures.js';
import { ReadOnlyQueue } from './readOnlyQueue.js';
import { isBytes, isObject, isString, isU64, parseAddress } from '../requestParams.js';

/**
 * Runs execute_read_only_bytecode / execute_read_only_call requests (given as the node's JSON).
 * A request is checked at once (invalid params throw), then waits its turn in the read-only queue.
 */
export interface ReadOnlyExecutor {
  bytecode(request: unknown, options?: ReadOnlyOptions): Promise<ReadOnlyResponse>;
  call(request: unknown, options?: ReadOnlyOptions): Promise<ReadOnlyResponse>;
  /** Where the latest failed requests stopped in the code (`mason_get_read_only_failure`). */
  readonly failures: ReadOnlyFailures;
}

export interface ReadOnlyOptions {
  /** Answer with the execution's trace in a `trace` field (Mason's read-only methods). */
  trace?: boolean;
}

/** Where a checked job runs: the read-only worker (see ReadOnlyWorker). */
export type ReadOnlyRunner = (job: ReadOnlyJob) => Promise<ReadOnlyResponse>;

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
 * Read-only executions on the candidate state, committing nothing. Execution failures are
 * reported inside the result, as the node does; when the queue is full the answer is the
 * node's `ExecutionError::ChannelError` ("Channel error").
 */
export function createReadOnlyExecutor(
  node: Pick<ChainReader, 'config' | 'currentSlot' | 'now'>,
  run: ReadOnlyRunner,
  queue: ReadOnlyQueue = new ReadOnlyQueue(),
): ReadOnlyExecutor {
  // The slot and time are those of the moment the job leaves the queue, as when it ran in place.
  const failures = new ReadOnlyFailures();
  const respond = (job: (executedAt: ReadOnlyJob['executedAt'], timestamp: number) => ReadOnlyJob, caller: string | undefined) =>
    (queue.submit(() => run(job(nextSlot(node.currentSlot(), node.config.threadCount), node.now()))) ?? Promise.resolve(readOnlyFailure('Channel error'))).then(
      (response) => failures.take(response, caller),
    );
  const feeTooLow = (fee: bigint | undefined): ReadOnlyResponse | null =>
    fee !== undefined && fee < node.config.minimalFees
      ? {
          executed_at: { period: 0, thread: 0 },
          result: { Error: `fee is too low provided: ${formatMas(fee)} , minimal_fees required: ${formatMas(node.config.minimalFees)}` },
          output_events: [],
          gas_cost: 0,
          state_changes: NO_STATE_CHANGES,
        }
      : null;

  return {
    failures,
    bytecode(request, options) {
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
      const bytecode = Uint8Array.from(request.bytecode);
      const maxGas = request.max_gas;
      return respond(
        (executedAt, timestamp) => ({
          kind: 'bytecode',
          executedAt,
          ...(options?.trace && { trace: true }),
          request: {
            bytecode,
            maxGas,
            context: { slot: executedAt, timestamp },
            ...(caller && { caller }),
            ...(datastore && { datastore }),
            ...(fee !== undefined && { fee }),
          },
        }),
        caller,
      );
    },
    call(request, options) {
      if (!isObject(request) || !isU64(request.max_gas) || !isString(request.target_function)) throw ApiError.invalidParams();
      const parameter = request.parameter ?? [];
      if (!isBytes(parameter)) throw ApiError.invalidParams();
      const target = parseAddress(request.target_address);
      const fee = optionalAmount(request.fee);
      const coins = optionalAmount(request.coins);
      const low = feeTooLow(fee);
      if (low) return Promise.resolve(low);
      const caller = request.caller_address === undefined || request.caller_address === null ? undefined : parseAddress(request.caller_address);
      const func = request.target_function;
      const param = Uint8Array.from(parameter);
      const maxGas = request.max_gas;
      return respond(
        (executedAt, timestamp) => ({
          kind: 'call',
          executedAt,
          ...(options?.trace && { trace: true }),
          request: {
            target,
            function: func,
            param,
            maxGas,
            context: { slot: executedAt, timestamp },
            ...(caller && { caller }),
            ...(fee !== undefined && { fee }),
            ...(coins !== undefined && { coins }),
          },
        }),
        caller,
      );
    },
  };
}
