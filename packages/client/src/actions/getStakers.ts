import type { Client, RequestOptions } from '../client.js';
import type { PageRequest, Staker } from '@mason/codec';

/** `get_stakers`: `[address, active_rolls]` for the current cycle, most rolls first; all of them without a page. */
export function getStakers(client: Client, page?: PageRequest, options?: RequestOptions): Promise<Staker[]> {
  return client.request<Staker[]>('get_stakers', page ? [page] : [], options);
}
