import { formatMas, nextSlot, slotAt, type NodeStatus } from '@mason/codec';
import type { ChainReader } from '../chainAccess.js';

const STATS_WINDOW_MS = 60_000;

/** get_status (reference §17.1), every figure read from the chain as it is. */
export function statusView(node: ChainReader, nodeId: string): NodeStatus {
  const { config } = node;
  const now = node.now();
  const lastSlot = slotAt(now, node.timing());
  const cycleLength = config.t0 * config.periodsPerCycle;
  const currentCycle = lastSlot ? Math.floor(lastSlot.period / config.periodsPerCycle) : 0;
  const currentCycleTime = config.genesisTimestamp + currentCycle * cycleLength;
  const finalInWindow = node.finalizedWithin(STATS_WINDOW_MS, now);
  return {
    node_id: nodeId,
    node_ip: null,
    version: config.version,
    current_time: now,
    current_cycle: currentCycle,
    current_cycle_time: currentCycleTime,
    next_cycle_time: currentCycleTime + cycleLength,
    connected_nodes: {},
    last_slot: lastSlot,
    next_slot: nextSlot(lastSlot ?? { period: 0, thread: 0 }, config.threadCount),
    consensus_stats: {
      start_timespan: now - STATS_WINDOW_MS,
      end_timespan: now,
      final_block_count: finalInWindow,
      stale_block_count: 0,
      clique_count: 1,
    },
    pool_stats: [node.pool.size, 0],
    network_stats: { in_connection_count: 0, out_connection_count: 0, known_peer_count: 0, banned_peer_count: 0, active_node_count: 0 },
    execution_stats: {
      time_window_start: now - STATS_WINDOW_MS,
      time_window_end: now,
      final_block_count: finalInWindow,
      final_executed_operations_count: node.finalExecutedOperations,
      active_cursor: node.activeCursor(now),
      final_cursor: node.graph.lastFinalSlot,
    },
    config: {
      genesis_timestamp: config.genesisTimestamp,
      end_timestamp: null,
      thread_count: config.threadCount,
      t0: config.t0,
      delta_f0: config.deltaF0,
      operation_validity_periods: config.operationValidityPeriods,
      periods_per_cycle: config.periodsPerCycle,
      block_reward: formatMas(config.blockReward),
      roll_price: formatMas(config.rollPrice),
      max_block_size: config.maxBlockSize,
    },
    chain_id: Number(config.chainId),
    minimal_fees: formatMas(config.minimalFees),
    current_mip_version: 0,
  };
}
