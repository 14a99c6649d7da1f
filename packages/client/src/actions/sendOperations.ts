import type { Client, RequestOptions } from '../client.js';
import type { SendOperationInput } from '@mason/codec';

/** `send_operations`: submits signed operations (≤ 128); resolves to their ids in input order. */
export function sendOperations(client: Client, operations: readonly SendOperationInput[], options?: RequestOptions): Promise<string[]> {
  return client.request<string[]>('send_operations', [operations], options);
}
