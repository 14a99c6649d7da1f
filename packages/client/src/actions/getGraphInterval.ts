import type { Client, RequestOptions } from '../client.js';
import type { GraphIntervalBlock, TimeInterval } from '@mason/codec';

/** `get_graph_interval`: blocks whose slot time is within [start, end) (ms since the epoch). */
export function getGraphInterval(client: Client, interval: TimeInterval = {}, options?: RequestOptions): Promise<GraphIntervalBlock[]> {
  return client.request<GraphIntervalBlock[]>('get_graph_interval', [interval], options);
}
