import type { Slot } from '../slot.js';

/** `get_status` result (reference §17.1). Amounts are decimal MAS strings, times are ms. */
export type NodeStatus = {
  node_id: string;
  node_ip: string | null;
  version: string;
  current_time: number;
  current_cycle: number;
  current_cycle_time: number;
  next_cycle_time: number;
  /** `"N…": [ip, is_outgoing]` */
  connected_nodes: Record<string, [string, boolean]>;
  last_slot: Slot | null;
  next_slot: Slot;
  consensus_stats: ConsensusStats;
  /** `[operation count, endorsement count]` in the pool. */
  pool_stats: [number, number];
  network_stats: NetworkStats;
  execution_stats: ExecutionStats;
  config: CompactConfig;
  chain_id: number;
  minimal_fees: string;
  current_mip_version: number;
};

export type ConsensusStats = {
  start_timespan: number;
  end_timespan: number;
  final_block_count: number;
  stale_block_count: number;
  clique_count: number;
};

export type NetworkStats = {
  in_connection_count: number;
  out_connection_count: number;
  known_peer_count: number;
  banned_peer_count: number;
  active_node_count: number;
};

export type ExecutionStats = {
  time_window_start: number;
  time_window_end: number;
  final_block_count: number;
  final_executed_operations_count: number;
  active_cursor: Slot;
  final_cursor: Slot;
};

export type CompactConfig = {
  genesis_timestamp: number;
  end_timestamp: number | null;
  thread_count: number;
  t0: number;
  delta_f0: number;
  operation_validity_periods: number;
  periods_per_cycle: number;
  block_reward: string;
  roll_price: string;
  max_block_size: number;
};
