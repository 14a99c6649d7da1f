import type { Client, RequestOptions } from '../client.js';
import type { OperationInfo } from '@mason/codec';

/** `get_operations`: operations by id (≤ 128); unknown ids are left out of the result. */
export function getOperations(client: Client, operationIds: readonly string[], options?: RequestOptions): Promise<OperationInfo[]> {
  return client.request<OperationInfo[]>('get_operations', [operationIds], options);
}
