import type { Slot } from '../slot.js';

/** Smart-contract output event (reference §10.1, §17.4). */
export type SCOutputEvent = { context: EventExecutionContext; data: string };

export type EventExecutionContext = {
  slot: Slot;
  block: string | null;
  read_only: boolean;
  index_in_slot: number;
  /** Bottom (original caller) → top (emitter). */
  call_stack: string[];
  origin_operation_id: string | null;
  is_final: boolean;
  is_error: boolean;
  deferred_call_id: string | null;
  /**
   * While an asynchronous message runs, its id as the node's JSON writes it:
   * `[[fee numerator, max gas denominator] (fee per gas in lowest terms), emission slot, emission index]`.
   */
  async_msg_id: [[number, number], Slot, number] | null;
};

/** `get_filtered_sc_output_event` parameter (reference §10.2): start inclusive, end exclusive. */
export type EventFilter = {
  start?: Slot | null;
  end?: Slot | null;
  /** Matches the last element of the call stack. */
  emitter_address?: string | null;
  /** Matches the first element of the call stack. */
  original_caller_address?: string | null;
  original_operation_id?: string | null;
  /** true: final store only, false: speculative store only, absent or null: both. */
  is_final?: boolean | null;
  is_error?: boolean | null;
};
