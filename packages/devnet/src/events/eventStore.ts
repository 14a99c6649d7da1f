import { compareSlots, type EventFilter, type SCOutputEvent } from '@mason/codec';

export type { EventExecutionContext as EventContext, EventFilter, SCOutputEvent } from '@mason/codec';

export const MAX_EVENTS_PER_QUERY = 7000;

/** What EventStore.revert needs: the final events' count and the speculative events (those of non-final blocks). */
export interface EventMark {
  finalCount: number;
  speculative: SCOutputEvent[];
}

/**
 * Speculative events of executed, not yet final slots, and final events. Events are indexed by
 * operation id so the common query (one operation's events) does not scan the store.
 */
export class EventStore {
  readonly final: SCOutputEvent[] = [];
  speculative: SCOutputEvent[] = [];
  readonly #byOperation = new Map<string, SCOutputEvent[]>();

  addSpeculative(events: SCOutputEvent[]): void {
    for (const event of events) {
      this.speculative.push(event);
      const op = event.context.origin_operation_id;
      if (op) {
        const list = this.#byOperation.get(op) ?? [];
        list.push(event);
        this.#byOperation.set(op, list);
      }
    }
  }

  /** The speculative events of a block, in order (what finalizeBlock will mark final). */
  ofBlock(blockId: string): SCOutputEvent[] {
    return this.speculative.filter((event) => event.context.block === blockId);
  }

  /** Marks every speculative event of a block final (in place, so the index stays valid). */
  finalizeBlock(blockId: string): SCOutputEvent[] {
    const remaining: SCOutputEvent[] = [];
    const finalized: SCOutputEvent[] = [];
    for (const event of this.speculative) {
      if (event.context.block === blockId) {
        event.context.is_final = true;
        this.final.push(event);
        finalized.push(event);
      } else remaining.push(event);
    }
    this.speculative = remaining;
    return finalized;
  }

  /** Restores final events read back from disk (journaled just before they were marked final). */
  addFinal(events: SCOutputEvent[]): void {
    for (const event of events) {
      event.context.is_final = true;
      this.final.push(event);
      const op = event.context.origin_operation_id;
      if (op) this.#byOperation.set(op, [...(this.#byOperation.get(op) ?? []), event]);
    }
  }

  mark(): EventMark {
    return { finalCount: this.final.length, speculative: [...this.speculative] };
  }

  /** Back to `mark`: events added since go; those of blocks final since are speculative again. */
  revert(mark: EventMark): void {
    const before = new Set(mark.speculative);
    const added = [...this.final.slice(mark.finalCount), ...this.speculative].filter((event) => !before.has(event));
    const gone = new Set(added);
    for (const event of added) {
      const op = event.context.origin_operation_id;
      const list = op ? this.#byOperation.get(op) : undefined;
      if (!op || !list) continue;
      const kept = list.filter((e) => !gone.has(e));
      if (kept.length > 0) this.#byOperation.set(op, kept);
      else this.#byOperation.delete(op);
    }
    this.final.length = mark.finalCount;
    for (const event of mark.speculative) event.context.is_final = false;
    this.speculative = [...mark.speculative];
  }

  query(filter: EventFilter): SCOutputEvent[] {
    // is_final: false asks for the candidate state's events. A node serves its active history,
    // which still holds an operation's events for ~30 s after execution; the devnet can finalize
    // within a few ms, so it serves the whole candidate view (final events included) instead,
    // or clients asking for speculative events right after execution would find none.
    const candidates = filter.original_operation_id
      ? (this.#byOperation.get(filter.original_operation_id) ?? [])
      : filter.is_final === true
        ? this.final
        : [...this.final, ...this.speculative];
    const out: SCOutputEvent[] = [];
    for (const event of candidates) {
      if (!matches(event, filter)) continue;
      out.push(event);
      if (out.length >= MAX_EVENTS_PER_QUERY) break;
    }
    return out;
  }
}

function matches(event: SCOutputEvent, filter: EventFilter): boolean {
  const c = event.context;
  if (filter.start && compareSlots(c.slot, filter.start) < 0) return false;
  if (filter.end && compareSlots(c.slot, filter.end) >= 0) return false;
  if (filter.emitter_address && c.call_stack[c.call_stack.length - 1] !== filter.emitter_address) return false;
  if (filter.original_caller_address && c.call_stack[0] !== filter.original_caller_address) return false;
  if (filter.original_operation_id && c.origin_operation_id !== filter.original_operation_id) return false;
  if (filter.is_final === true && !c.is_final) return false;
  if (filter.is_error != null && c.is_error !== filter.is_error) return false;
  return true;
}
