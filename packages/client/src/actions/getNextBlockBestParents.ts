import type { Client, RequestOptions } from '../client.js';
import type { BlockParent } from '@mason/codec';

/** `get_next_block_best_parents` (API port): `[block id, period]` of the best parent in each thread. */
export function getNextBlockBestParents(client: Client, options?: RequestOptions): Promise<BlockParent[]> {
  return client.requestApi<BlockParent[]>('get_next_block_best_parents', [], options);
}
