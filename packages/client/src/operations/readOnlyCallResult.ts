import type { Client } from '../client.js';
import { ClientError } from '../errors.js';
import type { ExecuteReadOnlyResponse, ExecutionTrace, SCOutputEvent, Slot, StateChanges } from '@mason/codec';

/** A successful read-only execution. */
export type ReadOnlyCallResult = {
  /** What the function returned (or main's result for bytecode). */
  value: Uint8Array;
  gasCost: number;
  events: SCOutputEvent[];
  executedAt: Slot;
  stateChanges: StateChanges;
  /** The execution's trace, when asked for (`trace: true`, a Mason devnet). */
  trace?: ExecutionTrace | null;
};

export function toReadOnlyCallResult(response: ExecuteReadOnlyResponse | undefined, target: string, client: Client): ReadOnlyCallResult {
  if (!response) {
    throw new ClientError('MASON_CLIENT_INVALID_RESPONSE', { url: client.url, method: 'execute_read_only', reason: 'empty result list' });
  }
  const trace = 'trace' in response ? { trace: (response as { trace: ExecutionTrace | null }).trace } : {};
  if ('Error' in response.result) {
    throw new ClientError('MASON_CLIENT_READ_ONLY_FAILED', { target, error: response.result.Error, gasCost: response.gas_cost, ...trace });
  }
  return {
    ...trace,
    value: Uint8Array.from(response.result.Ok),
    gasCost: response.gas_cost,
    events: response.output_events,
    executedAt: response.executed_at,
    stateChanges: response.state_changes,
  };
}
