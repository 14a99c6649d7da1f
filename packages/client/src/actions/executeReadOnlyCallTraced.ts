import type { Client, RequestOptions } from '../client.js';
import type { ExecuteReadOnlyResponse, ExecutionTrace, ReadOnlyCall } from '@mason/codec';

/** A read-only answer with the execution's trace (null when the request failed before running). */
export type TracedReadOnlyResponse = ExecuteReadOnlyResponse & { trace: ExecutionTrace | null };

/** `mason_execute_read_only_call` (a Mason devnet's own method): `execute_read_only_call`, each answer with its trace. */
export function executeReadOnlyCallTraced(client: Client, calls: readonly ReadOnlyCall[], options?: RequestOptions): Promise<TracedReadOnlyResponse[]> {
  return client.request<TracedReadOnlyResponse[]>('mason_execute_read_only_call', [calls], options);
}
