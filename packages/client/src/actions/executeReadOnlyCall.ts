import type { Client, RequestOptions } from '../client.js';
import type { ExecuteReadOnlyResponse, ReadOnlyCall } from '@mason/codec';

/** `execute_read_only_call`: dry-runs function calls (≤ 128); failures are in each `result.Error`. */
export function executeReadOnlyCall(client: Client, calls: readonly ReadOnlyCall[], options?: RequestOptions): Promise<ExecuteReadOnlyResponse[]> {
  return client.request<ExecuteReadOnlyResponse[]>('execute_read_only_call', [calls], options);
}
