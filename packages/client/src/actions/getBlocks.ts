import type { Client, RequestOptions } from '../client.js';
import type { BlockInfo } from '@mason/codec';

/** `get_blocks`: blocks by id; unknown ids are left out of the result. */
export function getBlocks(client: Client, blockIds: readonly string[], options?: RequestOptions): Promise<BlockInfo[]> {
  return client.request<BlockInfo[]>('get_blocks', [blockIds], options);
}
