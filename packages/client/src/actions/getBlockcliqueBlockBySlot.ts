import type { Client, RequestOptions } from '../client.js';
import type { Block, Slot } from '@mason/codec';

/** `get_blockclique_block_by_slot`: the blockclique's block at a slot, or null. */
export function getBlockcliqueBlockBySlot(client: Client, slot: Slot, options?: RequestOptions): Promise<Block | null> {
  return client.request<Block | null>('get_blockclique_block_by_slot', [slot], options);
}
