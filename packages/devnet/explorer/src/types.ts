// The node's JSON shapes the page reads (reference §17), reduced to the fields it shows.

export interface Slot {
  period: number;
  thread: number;
}

export interface Status {
  version: string;
  chain_id: number;
  current_time: number;
  last_slot: Slot | null;
  minimal_fees: string;
  pool_stats: [number, number];
  execution_stats: { active_cursor: Slot; final_cursor: Slot };
  config: { genesis_timestamp: number; t0: number; thread_count: number; delta_f0: number };
}

/** get_graph_interval element. */
export interface GraphBlock {
  id: string;
  is_final: boolean;
  is_stale: boolean;
  is_in_blockclique: boolean;
  slot: Slot;
  creator: string;
  parents: string[];
}

export interface SecuredHeader {
  id: string;
  content: { slot: Slot; parents: string[]; endorsements: unknown[] };
  content_creator_address: string;
}

export interface BlockInfo {
  id: string;
  content: {
    is_final: boolean;
    is_in_blockclique: boolean;
    is_candidate: boolean;
    is_discarded: boolean;
    block: { header: SecuredHeader; operations: string[] };
  } | null;
}

export type OperationBody =
  | { Transaction: { recipient_address: string; amount: string } }
  | { CallSC: { target_addr: string; target_func: string; param: number[]; max_gas: number; coins: string } }
  | { ExecuteSC: { data: number[]; max_gas: number; max_coins: string; datastore: Array<[number[], number[]]> } }
  | { RollBuy: { roll_count: number } }
  | { RollSell: { roll_count: number } };

/** SecureShareOperation: get_operations' `operation` and the new_operations payload. */
export interface SecureShareOperation {
  id: string;
  content: { fee: string; expire_period: number; op: OperationBody };
  content_creator_address: string;
}

export interface OperationInfo {
  id: string;
  in_pool: boolean;
  in_blocks: string[];
  is_operation_final: boolean | null;
  thread: number;
  op_exec_status: boolean | null;
  operation: SecureShareOperation;
  /** Mason's devnet only: gas used by an executed ExecuteSC or CallSC. */
  gas_used?: number;
}

export interface FilledBlock {
  header: SecuredHeader;
  operations: Array<[string, SecureShareOperation | null]>;
}

export interface ScEvent {
  data: string;
  context: {
    slot: Slot;
    block: string | null;
    call_stack: string[];
    origin_operation_id: string | null;
    index_in_slot: number;
    is_final: boolean;
    is_error: boolean;
  };
}

export interface AddressInfo {
  address: string;
  thread: number;
  final_balance: string;
  candidate_balance: string;
  final_roll_count: number;
  candidate_roll_count: number;
  final_datastore_keys: number[][];
  candidate_datastore_keys: number[][];
  created_operations: string[];
}

export interface DatastoreEntry {
  final_value: number[] | null;
  candidate_value: number[] | null;
}
