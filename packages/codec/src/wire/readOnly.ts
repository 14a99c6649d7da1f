import type { SCOutputEvent } from './event.js';
import type { Slot } from '../slot.js';

/** One element of the `execute_read_only_call` parameter. Amounts are decimal MAS strings. */
export type ReadOnlyCall = {
  max_gas: number;
  target_address: string;
  target_function: string;
  parameter: number[];
  caller_address?: string | null;
  coins?: string | null;
  fee?: string | null;
};

/** One element of the `execute_read_only_bytecode` parameter. */
export type ReadOnlyBytecodeExecution = {
  max_gas: number;
  bytecode: number[];
  /** The caller; a fresh zero-balance address when absent. */
  address?: string | null;
  /** The BINARY serialized operation datastore (massa#4775), not the JSON form. */
  operation_datastore?: number[] | null;
  fee?: string | null;
};

export type ReadOnlyResult = { Ok: number[] } | { Error: string };

/** Only the keys are certain (reference §17.6); the node's values are forwarded as they are. */
export type StateChanges = {
  ledger_changes: Record<string, unknown>;
  async_pool_changes: unknown[];
  deferred_call_changes: Record<string, unknown>;
  pos_changes: Record<string, unknown>;
  executed_ops_changes: Record<string, [boolean, Slot]>;
  executed_denunciations_changes: unknown[];
  execution_trail_hash_change: 'Keep' | { Set: string };
};

/** One element of the `execute_read_only_*` results (reference §11, §17.6). */
export type ExecuteReadOnlyResponse = {
  executed_at: Slot;
  result: ReadOnlyResult;
  output_events: SCOutputEvent[];
  gas_cost: number;
  state_changes: StateChanges;
};
