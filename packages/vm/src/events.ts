import type { Slot } from '@mason/codec';
import type { AsyncMessageIdJson } from './asyncMessageId.js';

/** An event as the node reports it (`SCOutputEvent`), field names as in its JSON. */
export interface ScOutputEvent {
  context: EventExecutionContext;
  data: string;
}

export interface EventExecutionContext {
  slot: Slot;
  block: string | null;
  read_only: boolean;
  index_in_slot: number;
  /** Bottom → top. */
  call_stack: string[];
  origin_operation_id: string | null;
  is_final: boolean;
  is_error: boolean;
  deferred_call_id: string | null;
  /** Set while an asynchronous message runs: the node's JSON form of its id. */
  async_msg_id: AsyncMessageIdJson | null;
}
