import { byteList, formatMas } from '@mason/codec';
import { failureFrames, failureFramesJson } from '../execution/failureFrames.js';
import {
  ExecutionTracer,
  formatReadOnlyError,
  VmError,
  type LedgerChanges,
  type ReadOnlyBytecodeRequest,
  type ReadOnlyCallRequest,
  type ReadOnlyResult,
  type Vm,
} from '@mason/vm';

/**
 * One read-only execution, checked and ready to run: only plain data (it is posted to the
 * read-only worker), with the slot and time it executes at already decided.
 */
export type ReadOnlyJob = (
  | { kind: 'call'; request: ReadOnlyCallRequest; executedAt: { period: number; thread: number } }
  | { kind: 'bytecode'; request: ReadOnlyBytecodeRequest; executedAt: { period: number; thread: number } }
) & {
  /** Answer with the execution's trace too (`trace`, Mason's own field). */
  trace?: boolean;
};

/** Mason's field of a failed read-only answer: where the execution stopped; ReadOnlyFailures takes it out before a client sees the answer. */
export const FAILURE_FIELD = 'mason_failure';

/** The node's JSON answer to a read-only request. */
export type ReadOnlyResponse = Record<string, unknown>;

export const NO_STATE_CHANGES = {
  ledger_changes: {},
  async_pool_changes: [],
  deferred_call_changes: {},
  pos_changes: {},
  executed_ops_changes: {},
  executed_denunciations_changes: [],
  execution_trail_hash_change: 'Keep',
};

/** An answer that is an error of the whole execution, as the node gives it (no slot when it never ran). */
export function readOnlyFailure(nodeMessage: string, executedAt = { period: 0, thread: 0 }): ReadOnlyResponse {
  return { executed_at: executedAt, result: { Error: formatReadOnlyError(nodeMessage) }, output_events: [], gas_cost: 0, state_changes: NO_STATE_CHANGES };
}

function ledgerChangesJson(changes: LedgerChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const bytes = (key: string) => Array.from(key, (c) => c.charCodeAt(0));
  for (const [address, change] of changes) {
    if (change.kind === 'delete') out[address] = 'Delete';
    else if (change.kind === 'set') {
      out[address] = {
        Set: {
          balance: formatMas(change.balance),
          bytecode: byteList(change.bytecode),
          datastore: [...change.datastore].map(([k, v]) => [bytes(k), byteList(v)]),
        },
      };
    } else {
      out[address] = {
        Update: {
          balance: change.balance === undefined ? 'Keep' : { Set: formatMas(change.balance) },
          bytecode: change.bytecode === undefined ? 'Keep' : { Set: byteList(change.bytecode) },
          datastore: [...change.datastore].map(([k, v]) => [bytes(k), v === null ? 'Delete' : { Set: byteList(v) }]),
        },
      };
    }
  }
  return out;
}

/** Runs a job on `vm` (committing nothing) and answers as the node does: execution failures are inside the result. */
export function runReadOnlyJob(vm: Vm, job: ReadOnlyJob): ReadOnlyResponse {
  let result: ReadOnlyResult;
  const tracer = job.trace ? new ExecutionTracer() : undefined;
  try {
    const request = tracer ? { ...job.request, tracer } : job.request;
    result = job.kind === 'call' ? vm.readOnlyCall(request as ReadOnlyCallRequest) : vm.readOnlyBytecode(request as ReadOnlyBytecodeRequest);
  } catch (error) {
    if (error instanceof VmError) return { ...readOnlyFailure(error.message, job.executedAt), ...(tracer && { trace: null }) };
    throw error;
  }
  const failure = failureFrames(result.error);
  return {
    ...(tracer && { trace: tracer.trace ?? null }),
    executed_at: job.executedAt,
    result: result.ok ? { Ok: byteList(result.returnValue) } : { Error: formatReadOnlyError(result.error?.nodeMessage ?? 'unknown error') },
    output_events: result.events,
    gas_cost: Number(result.gasCost),
    state_changes: { ...NO_STATE_CHANGES, ledger_changes: result.ok ? ledgerChangesJson(result.stateChanges) : {} },
    ...(failure && { [FAILURE_FIELD]: failureFramesJson(failure) }),
  };
}
