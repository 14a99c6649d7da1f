import { getGraphInterval, getStatus, type Client, type GraphIntervalBlock } from '@mason/client';
import { compareSlots } from '@mason/codec';

/**
 * The newest block of the blockclique. A node has no "latest block" method: its recent graph
 * (`get_graph_interval`) is read over windows doubling back from now, since an idle devnet (or a
 * staker that misses its slots) may have produced nothing for a while.
 */
export async function latestBlock(client: Client): Promise<GraphIntervalBlock | null> {
  const status = await getStatus(client);
  const end = status.current_time + 1;
  const genesis = status.config.genesis_timestamp;
  for (let span = status.config.t0 * 4; ; span *= 2) {
    const start = Math.max(genesis, end - span);
    const blocks = (await getGraphInterval(client, { start, end })).filter((block) => block.is_in_blockclique && !block.is_stale);
    if (blocks.length > 0) return blocks.reduce((a, b) => (compareSlots(b.slot, a.slot) > 0 ? b : a));
    if (start === genesis) return null;
  }
}
