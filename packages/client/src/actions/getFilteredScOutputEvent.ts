import type { Client, RequestOptions } from '../client.js';
import type { EventFilter, SCOutputEvent } from '@mason/codec';

/** `get_filtered_sc_output_event`: smart-contract events matching the filter (≤ 7000). */
export function getFilteredScOutputEvent(client: Client, filter: EventFilter = {}, options?: RequestOptions): Promise<SCOutputEvent[]> {
  return client.request<SCOutputEvent[]>('get_filtered_sc_output_event', [filter], options);
}
