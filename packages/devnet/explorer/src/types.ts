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

import type { OperationInfo } from '@mason/codec';

/** A page of the devnet's `mason_list_operations` (API port): the operation history, newest first. */
export interface OperationsPage {
  operations: OperationInfo[];
  /** The `before` of the next older page; null when this one reaches the first operation. */
  next: string | null;
  total_count: number;
}
