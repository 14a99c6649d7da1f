import type { Client, RequestOptions } from '../client.js';
import type { NodeStatus } from '@mason/codec';

/** `get_status`: the node's clock, chain id, minimal fee and configuration. */
export function getStatus(client: Client, options?: RequestOptions): Promise<NodeStatus> {
  return client.request<NodeStatus>('get_status', [], options);
}
