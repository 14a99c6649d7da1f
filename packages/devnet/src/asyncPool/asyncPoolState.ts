import { NODE_CONSTANTS } from '@mason/codec';
import { asyncMessageId, compareAsyncMessageIds, formatAsyncMessageId, type AsyncMessage, type AsyncMessageId } from '@mason/vm';

/** The node's pool constants (MAIN.5.0). */
export const MAX_ASYNC_POOL_LENGTH = 500;
/** Gas per slot for asynchronous messages, on top of what the slot's block left unused. */
export const MAX_ASYNC_GAS = NODE_CONSTANTS.maxAsyncGas;
/** Counted per message on top of its max gas when a slot's batch is taken. */
export const ASYNC_MSG_CST_GAS_COST = NODE_CONSTANTS.asyncMessageGasCost;

/** A message in the pool. One with a trigger waits until its filter sees a write. */
export interface PooledAsyncMessage {
  message: AsyncMessage;
  canBeExecuted: boolean;
}

export interface OrderedAsyncMessage {
  /** The node's text id (`ASC…`). */
  id: string;
  entry: PooledAsyncMessage;
}

/** The `ASC…` id of a message: unique (emission slot and index), and the key of the pool. */
export function pooledMessageId(message: AsyncMessage): string {
  return formatAsyncMessageId(asyncMessageId(message));
}

/**
 * The asynchronous pool of one state (final or candidate): messages by id, listed by priority
 * (best fee per gas first, then oldest emission), as the node's `message_cache` BTreeMap.
 * Entries are replaced, never mutated, so a value can be shared with change sets.
 */
export class AsyncPoolState {
  readonly #messages = new Map<string, { entry: PooledAsyncMessage; id: AsyncMessageId }>();
  #ordered: OrderedAsyncMessage[] | null = [];

  get size(): number {
    return this.#messages.size;
  }

  get(id: string): PooledAsyncMessage | undefined {
    return this.#messages.get(id)?.entry;
  }

  set(id: string, entry: PooledAsyncMessage | null): void {
    if (entry === null) this.#messages.delete(id);
    else this.#messages.set(id, { entry, id: this.#messages.get(id)?.id ?? asyncMessageId(entry.message) });
    this.#ordered = null;
  }

  /** Every message, highest priority first. */
  ordered(): readonly OrderedAsyncMessage[] {
    if (!this.#ordered) {
      this.#ordered = [...this.#messages].sort(([, a], [, b]) => compareAsyncMessageIds(a.id, b.id)).map(([id, { entry }]) => ({ id, entry }));
    }
    return this.#ordered;
  }
}
