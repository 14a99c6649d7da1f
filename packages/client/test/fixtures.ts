// JSON shapes of the reference's §17 fixtures, parameterized. Field names and types are exact:
// tests compare the devnet's answers with them (test/shape.ts), and the hand-written server
// (test/testNode.ts) answers with them.
import {
  Address,
  type AddressInfo,
  blake3,
  type Block,
  encodeBlockId,
  encodeEndorsementId,
  type ExecuteReadOnlyResponse,
  type NodeStatus,
  type SCOutputEvent,
  type SecuredHeader,
  type Slot,
} from '@mason/codec';

export const SENDER = {
  secret: 'S1SeLqn3UAUoRymWmwW7axrzJK7JfNaBR2cHCryA6cFsgARhLa',
  publicKey: 'P1241gerYcVAvfk7Vc6gFuqBje5CfVJxT1fgzkym5cq2qthgoo1C',
  address: 'AU1291A7JsTAmhX7o46QVWbBCntSnHrk6hhANk9UxpFZ2ckucgkJQ',
} as const;

export const RECIPIENT = {
  secret: 'S1tHggZ5wKxbrxY2Yt1EAviybdDcKk9Mq4DZQiwKCDWkGtEUXp',
  address: 'AU1AuEdN7QGCCD888xeaZ1uUNx2Rh1xHQYJnX6VSBRk7ZZ15DdAJ',
} as const;

const hashOf = (text: string) => blake3(new TextEncoder().encode(text));

export const BLOCK_ID = encodeBlockId(hashOf('block'));
export const ENDORSEMENT_ID = encodeEndorsementId(hashOf('endorsement'));
export const NODE_ID = 'N12UbyLJDS7zimGWf3LTHe8hYY67RdLke1iDRZqJbQQLHQSKPW8j';
export const CONTRACT = Address.fromHash('contract', hashOf('contract')).toString();

export function statusFixture(init: {
  period: number;
  thread?: number;
  activeCursor?: Slot;
  chainId?: number;
  minimalFees?: string;
  version?: string;
}): NodeStatus {
  const lastSlot = { period: init.period, thread: init.thread ?? 24 };
  return {
    node_id: NODE_ID,
    node_ip: null,
    version: init.version ?? 'SAND.5.0',
    current_time: 1760000012345,
    current_cycle: 0,
    current_cycle_time: 1760000000000,
    next_cycle_time: 1760002048000,
    connected_nodes: {},
    last_slot: lastSlot,
    next_slot: { period: lastSlot.period, thread: lastSlot.thread + 1 },
    consensus_stats: {
      start_timespan: 1759999952345,
      end_timespan: 1760000012345,
      final_block_count: 0,
      stale_block_count: 0,
      clique_count: 1,
    },
    pool_stats: [0, 0],
    network_stats: {
      in_connection_count: 0,
      out_connection_count: 0,
      known_peer_count: 0,
      banned_peer_count: 0,
      active_node_count: 0,
    },
    execution_stats: {
      time_window_start: 1759999952345,
      time_window_end: 1760000012345,
      final_block_count: 0,
      final_executed_operations_count: 0,
      active_cursor: init.activeCursor ?? { period: lastSlot.period, thread: 20 },
      final_cursor: { period: 0, thread: 0 },
    },
    config: {
      genesis_timestamp: 1760000000000,
      end_timestamp: null,
      thread_count: 32,
      t0: 16000,
      delta_f0: 1088,
      operation_validity_periods: 10,
      periods_per_cycle: 128,
      block_reward: '0.40001',
      roll_price: '100',
      max_block_size: 300000,
    },
    chain_id: init.chainId ?? 77,
    minimal_fees: init.minimalFees ?? '0.01',
    current_mip_version: 0,
  };
}

export function addressInfoFixture(address: string, finalBalance: string, candidateBalance: string): AddressInfo {
  return {
    address,
    thread: 18,
    final_balance: finalBalance,
    final_roll_count: 0,
    final_datastore_keys: [],
    candidate_balance: candidateBalance,
    candidate_roll_count: 0,
    candidate_datastore_keys: [[79, 87, 78, 69, 82]],
    deferred_credits: [{ slot: { period: 511, thread: 31 }, amount: '100' }],
    next_block_draws: [{ period: 12, thread: 18 }],
    next_endorsement_draws: [{ slot: { period: 12, thread: 3 }, index: 5 }],
    created_blocks: [BLOCK_ID],
    created_operations: [],
    created_endorsements: [ENDORSEMENT_ID],
    cycle_infos: [{ cycle: 0, is_final: false, ok_count: 3, nok_count: 0, active_rolls: null }],
  };
}

export function headerFixture(slot: Slot, id = BLOCK_ID): SecuredHeader {
  return {
    content: {
      current_version: 0,
      announced_version: null,
      slot,
      parents: Array.from({ length: 32 }, () => BLOCK_ID),
      operation_merkle_root: '2TcUEkrDmUq1sPu1v5tqw8mxWHJ88fGy6n7Y7wS4tLyzYmRUEv',
      endorsements: [
        {
          content: { slot, index: 0, endorsed_block: BLOCK_ID },
          signature: '1D5CsbfE6Cue1SL5y8aS6WZeRuTXX1E7zyJo3ocuKrbqcCXbT7F8zs9Yz7RdfW2GSPqQaRudF5CKyKFvLtFWHN5RyyHgZa',
          content_creator_pub_key: SENDER.publicKey,
          content_creator_address: SENDER.address,
          id: ENDORSEMENT_ID,
        },
      ],
      denunciations: [],
    },
    signature: '1D5CsbfE6Cue1SL5y8aS6WZeRuTXX1E7zyJo3ocuKrbqcCXbT7F8zs9Yz7RdfW2GSPqQaRudF5CKyKFvLtFWHN5RyyHgZa',
    content_creator_pub_key: SENDER.publicKey,
    content_creator_address: SENDER.address,
    id,
  };
}

export function blockFixture(slot: Slot, operations: string[] = []): Block {
  return { header: headerFixture(slot), operations };
}

export function eventFixture(init: { data: string; operationId: string | null; isFinal?: boolean; isError?: boolean }): SCOutputEvent {
  return {
    context: {
      slot: { period: 12, thread: 18 },
      block: BLOCK_ID,
      read_only: false,
      index_in_slot: 0,
      call_stack: [SENDER.address, CONTRACT],
      origin_operation_id: init.operationId,
      is_final: init.isFinal ?? false,
      is_error: init.isError ?? false,
      deferred_call_id: null,
      async_msg_id: null,
    },
    data: init.data,
  };
}

export function readOnlyFixture(result: { Ok: number[] } | { Error: string }, gasCost: number): ExecuteReadOnlyResponse {
  return {
    executed_at: { period: 12, thread: 19 },
    result,
    output_events: [],
    gas_cost: 'Error' in result && result.Error.startsWith('fee is too low') ? 0 : gasCost,
    state_changes: {
      ledger_changes: {},
      async_pool_changes: [],
      deferred_call_changes: {},
      pos_changes: {},
      executed_ops_changes: {},
      executed_denunciations_changes: [],
      execution_trail_hash_change: 'Keep',
    },
  };
}
