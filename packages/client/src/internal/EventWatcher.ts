import { compareSlots, nextSlot, type EventFilter, type SCOutputEvent, type SecuredHeader, type Slot } from '@mason/codec';
import { getFilteredScOutputEvent } from '../actions/getFilteredScOutputEvent.js';
import { getStatus } from '../actions/getStatus.js';
import { subscribeNewBlocksHeaders } from '../actions/subscribeNewBlocksHeaders.js';
import type { Client } from '../client.js';
import type { Subscription } from '../Subscription.js';

/** The most events a node returns for one query (`max_event_per_query`). */
const MAX_EVENTS_PER_QUERY = 7000;

export type EventWatcherOptions = {
  filter: Omit<EventFilter, 'start' | 'end'>;
  /** Report final events only (the final execution cursor), else events as soon as they are executed. */
  final: boolean;
  /** First slot reported (inclusive); undefined: the slot after the node's execution cursor when watching starts. */
  fromSlot: Slot | undefined;
  notifications: boolean;
  pollIntervalMs: number;
  onEvent: (event: SCOutputEvent) => void;
  onError: (error: unknown) => void;
};

const slotKey = (slot: Slot) => `${slot.period}:${slot.thread}`;
const eventKey = (event: SCOutputEvent) => `${slotKey(event.context.slot)}:${event.context.index_in_slot}`;

/**
 * Reports each new event of a filter once. Every look reads the node's execution cursor, then the
 * events from `next` on: everything at a slot up to that cursor was executed before the query, so
 * the next look starts after it (massa-web3's EventPoller starts after the last event seen, which
 * misses events of a slot whose other events were already read). An event seen twice (candidate,
 * then final) is reported once. A new block (WebSocket) triggers a look; the timer is the safety
 * net, and the only trigger on a node without WebSocket.
 */
export class EventWatcher {
  readonly #client: Client;
  readonly #options: EventWatcherOptions;
  #next: Slot | undefined;
  /** Events already reported, by key, with their slot (forgotten once `next` passes it). */
  readonly #seen = new Map<string, Slot>();
  #stopped = false;
  #subscription: Subscription<SecuredHeader> | undefined;
  #wake: (() => void) | undefined;
  #woken = false;
  #started = false;

  constructor(client: Client, options: EventWatcherOptions) {
    this.#client = client;
    this.#options = options;
    this.#next = options.fromSlot;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    void this.#run();
  }

  /**
   * Stops looking: no event is reported once it is called. Resolves once the subscription is
   * closed; a look in progress is not waited for (its answer is dropped), so stopping is prompt
   * even when the node is slow to answer.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#subscription?.unsubscribe();
  }

  async #run(): Promise<void> {
    // Subscribing runs beside the looks: a WebSocket slow to connect (or to fail) delays nothing.
    if (this.#options.notifications) void this.#listen();
    while (!this.#stopped) {
      try {
        await this.#look();
      } catch (error) {
        if (!this.#stopped) this.#options.onError(error);
      }
      if (this.#stopped) break;
      await this.#nap();
    }
  }

  async #look(): Promise<void> {
    const status = await getStatus(this.#client);
    const stats = status.execution_stats;
    const cursor = this.#options.final ? stats.final_cursor : stats.active_cursor;
    const threads = status.config.thread_count;
    // Watching from now on: what is executed already is not new.
    this.#next ??= nextSlot(cursor, threads);
    const filter: EventFilter = { ...this.#options.filter, start: this.#next, ...(this.#options.final && { is_final: true }) };
    const events = await getFilteredScOutputEvent(this.#client, filter);
    events.sort((a, b) => compareSlots(a.context.slot, b.context.slot) || a.context.index_in_slot - b.context.index_in_slot);
    for (const event of events) {
      if (this.#stopped) return;
      const key = eventKey(event);
      if (this.#seen.has(key)) continue;
      this.#seen.set(key, event.context.slot);
      try {
        this.#options.onEvent(event);
      } catch (error) {
        this.#options.onError(error);
      }
    }
    // A full answer may have left events out: the next look starts at the last slot it holds.
    // The cursor's own slot is looked at again: a devnet in instant mode may still make a block at
    // the slot its cursor reports (events seen twice are reported once, see #seen).
    const after = events.length >= MAX_EVENTS_PER_QUERY ? events[events.length - 1]!.context.slot : cursor;
    if (compareSlots(after, this.#next) > 0) this.#next = after;
    for (const [key, slot] of this.#seen) if (compareSlots(slot, this.#next) < 0) this.#seen.delete(key);
  }

  /** Waits for a new block's notification or the poll interval, whichever comes first. */
  #nap(): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.#options.pollIntervalMs);
      const wake = () => {
        this.#wake = undefined;
        done();
      };
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = wake;
    });
  }

  #poke(): void {
    if (this.#wake) this.#wake();
    else this.#woken = true;
  }

  /** Subscribes to new block headers; without them (no WebSocket, a node without broadcast) the timer alone drives the looks. */
  async #listen(): Promise<void> {
    let subscription: Subscription<SecuredHeader>;
    try {
      subscription = await subscribeNewBlocksHeaders(this.#client);
    } catch {
      return;
    }
    this.#subscription = subscription;
    if (this.#stopped) {
      await subscription.unsubscribe();
      return;
    }
    void (async () => {
      try {
        for await (const _ of subscription) this.#poke();
      } catch {
        // The socket closed: the timer keeps watching.
      }
    })();
  }
}
