/** The JSON `content.op` of an operation (reference §12.2). Amounts are decimal MAS strings. */
export type OperationTypeJson =
  | { Transaction: { recipient_address: string; amount: string } }
  | { RollBuy: { roll_count: number } }
  | { RollSell: { roll_count: number } }
  | {
      ExecuteSC: {
        data: number[];
        max_gas: number;
        max_coins: string;
        /** `[key, value]` byte-array pairs. */
        datastore: [number[], number[]][];
      };
    }
  | { CallSC: { target_addr: string; target_func: string; param: number[]; max_gas: number; coins: string } };

export type OperationContentJson = { fee: string; expire_period: number; op: OperationTypeJson };

/** A signed operation as the node shows it (`SecureShareOperation`; `operation` in §17.3). */
export type SecureShareOperation = {
  content: OperationContentJson;
  signature: string;
  content_creator_pub_key: string;
  content_creator_address: string;
  id: string;
};

/** One element of the `get_operations` result (reference §17.3). */
export type OperationInfo = {
  id: string;
  in_pool: boolean;
  in_blocks: string[];
  /** null: unknown to execution (not executed yet). */
  is_operation_final: boolean | null;
  thread: number;
  operation: SecureShareOperation;
  /** true: executed successfully, false: failed, null: not executed yet. */
  op_exec_status: boolean | null;
  /** Gas the execution used: Mason's devnet only (a node does not report it), for executed ExecuteSC and CallSC. */
  gas_used?: number;
};
