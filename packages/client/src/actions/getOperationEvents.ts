import type { Client, RequestOptions } from '../client.js';
import type { SCOutputEvent } from '@mason/codec';
import { getFilteredScOutputEvent } from './getFilteredScOutputEvent.js';

/**
 * Events emitted by one operation (its `origin_operation_id`). `final: true` reads the final
 * store, `final: false` the speculative one, omitted both.
 */
export function getOperationEvents(client: Client, operationId: string, options: RequestOptions & { final?: boolean } = {}): Promise<SCOutputEvent[]> {
  const { final, ...requestOptions } = options;
  return getFilteredScOutputEvent(
    client,
    final === undefined ? { original_operation_id: operationId } : { original_operation_id: operationId, is_final: final },
    requestOptions,
  );
}
