/**
 * Methods that may be sent again after a failure whose outcome is unknown: reads, and
 * send_operations, whose operation id is the hash of its content, so a repeat is the same
 * operation and the pool keeps it once. Any other method (private API writes, …) is sent once.
 */
export const RETRY_SAFE_METHODS: ReadonlySet<string> = new Set([
  'get_status',
  'get_cliques',
  'get_stakers',
  'get_addresses',
  'get_addresses_datastore_keys',
  'get_addresses_bytecode',
  'get_graph_interval',
  'get_blocks',
  'get_operations',
  'get_endorsements',
  'get_filtered_sc_output_event',
  'get_datastore_entries',
  'get_blockclique_block_by_slot',
  'get_slots_transfers',
  'get_deferred_call_quote',
  'get_deferred_call_info',
  'get_deferred_call_ids_by_slot',
  'execute_read_only_call',
  'execute_read_only_bytecode',
  'send_operations',
  'get_version',
  'get_largest_stakers',
  'get_next_block_best_parents',
  'rpc.discover',
]);
