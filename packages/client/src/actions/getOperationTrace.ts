import type { Client, RequestOptions } from '../client.js';
import type { ExecutionTrace } from '@mason/codec';

/**
 * `mason_get_operation_trace` (a Mason devnet's own method): the call trees of operations or
 * asynchronous messages (`ASC…` ids) by id (≤ 128); null for an id whose trace is not kept.
 */
export function getOperationTrace(client: Client, ids: readonly string[], options?: RequestOptions): Promise<(ExecutionTrace | null)[]> {
  return client.request<(ExecutionTrace | null)[]>('mason_get_operation_trace', [ids], options);
}
