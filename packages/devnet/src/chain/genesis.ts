import type { ChainConfig } from '../config.js';
import { genesisKey } from '../accounts.js';
import type { Block } from './block.js';
import { createBlock } from './createBlock.js';

/** One genesis block per thread at slot (0, t), or (fork period, t) in fork mode: no parents, no operations, no endorsements. */
export function genesisBlocks(config: ChainConfig): Block[] {
  const key = genesisKey();
  return Array.from({ length: config.threadCount }, (_, thread) =>
    createBlock(key, { slot: { period: config.fork?.period ?? 0, thread }, parents: [], endorsements: [], operations: [] }),
  );
}
