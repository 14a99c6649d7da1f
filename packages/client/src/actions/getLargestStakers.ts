import type { Client, RequestOptions } from '../client.js';
import type { PagedStakers, PageRequest } from '@mason/codec';

/** `get_largest_stakers` (API port): one page of stakers (default limit 50, offset 0) and the total count. */
export function getLargestStakers(client: Client, page?: PageRequest, options?: RequestOptions): Promise<PagedStakers> {
  return client.requestApi<PagedStakers>('get_largest_stakers', page ? [{ page_request: page }] : [], options);
}
