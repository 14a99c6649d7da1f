// The node's JSON shapes the page reads: @mason/codec's wire types (reference §17), the same the
// devnet writes and the client reads, under the names the page's code uses. Types only: nothing
// of the codec is bundled.
export type {
  AddressInfo,
  BlockInfo,
  DatastoreEntryOutput as DatastoreEntry,
  FilledBlock,
  GraphIntervalBlock as GraphBlock,
  NodeStatus as Status,
  OperationInfo,
  OperationTypeJson as OperationBody,
  SCOutputEvent as ScEvent,
  SecuredHeader,
  SecureShareOperation,
  Slot,
} from '@mason/codec';

import type { OperationInfo, Slot } from '@mason/codec';

/** A page of the devnet's `mason_list_operations` (API port): the operation history, newest first. */
export interface OperationsPage {
  operations: OperationInfo[];
  /** The `before` of the next older page; null when this one reaches the first operation. */
  next: string | null;
  total_count: number;
}

/** A registered deferred call, as `get_deferred_call_info` and `mason_list_deferred_calls` give it. */
export interface DeferredCallEntry {
  call_id: string;
  call: {
    sender_address: string;
    target_slot: Slot;
    target_address: string;
    target_function: string;
    coins: string;
    max_gas: number;
    fee: string;
    cancelled: boolean;
  };
}

/** The devnet's `mason_list_deferred_calls` (API port): registered calls, earliest slot first. */
export interface DeferredCallsPage {
  calls: DeferredCallEntry[];
  total_count: number;
}
