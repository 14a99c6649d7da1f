import type { Client, RequestOptions } from '../client.js';
import type { Clique } from '@mason/codec';

/** `get_cliques`: the block graph's maximal cliques. */
export function getCliques(client: Client, options?: RequestOptions): Promise<Clique[]> {
  return client.request<Clique[]>('get_cliques', [], options);
}
