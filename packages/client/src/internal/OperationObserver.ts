import { getOperations } from '../actions/getOperations.js';
import { getStatus } from '../actions/getStatus.js';
import { subscribeNewFilledBlocks } from '../actions/subscribeNewFilledBlocks.js';
import { subscribeNewOperations } from '../actions/subscribeNewOperations.js';
import type { Client } from '../client.js';
import type { Subscription } from '../Subscription.js';
import { isExecuted, operationStatusFromInfo } from '../wait/operationStatus.js';
import type { ClockNeed, Observation } from '../wait/waitStrategy.js';

type Waiter = {
  check: (observation: Observation) => unknown;
  needsClock: (last: Observation | undefined) => boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type ObserverOptions = {
  /** Look at the operation on `new_filled_blocks` / `new_operations` notifications. */
  notifications: boolean;
  /** Delay between looks without notifications (and the safety net with them). */
  pollIntervalMs: number;
};

/** `true` reads the clock until the operation has executed: no strategy learns from it after that. */
function clockNeed(need: ClockNeed | undefined): (last: Observation | undefined) => boolean {
  if (typeof need === 'function') return need;
  return need ? (last) => !(last && isExecuted(last.status)) : () => false;
}

/**
 * Looks at one operation (get_operations, plus get_status when the clock matters) each time
 * something may have changed, and hands every observation to the waiting strategies. With
 * notifications, a new block or a pool entry for the operation triggers a look; the poll timer
 * stays as a safety net because execution and finality happen between blocks.
 */
export class OperationObserver {
  readonly #client: Client;
  readonly #operationId: string;
  readonly #options: ObserverOptions;
  readonly #waiters = new Set<Waiter>();
  readonly #subscriptions: { unsubscribe(): Promise<boolean> }[] = [];
  #started = false;
  #stopped = false;
  #wake: (() => void) | undefined;
  #woken = false;
  last: Observation | undefined;

  constructor(client: Client, operationId: string, options: ObserverOptions) {
    this.#client = client;
    this.#operationId = operationId;
    this.#options = options;
  }

  until<R>(check: (observation: Observation) => R | undefined, options?: { needsClock?: ClockNeed }): Promise<R> {
    const promise = new Promise<R>((resolve, reject) => {
      this.#waiters.add({ check, needsClock: clockNeed(options?.needsClock), resolve: resolve as (value: unknown) => void, reject });
    });
    if (!this.#started) {
      this.#started = true;
      // Strategies of one race register synchronously one after the other: start looking once
      // they all have, so the first look already reads the clock if any of them needs it.
      queueMicrotask(() => void this.#run());
    } else if (this.last) {
      this.#offer(this.last);
    }
    return promise;
  }

  stop(): void {
    this.#stopped = true;
    this.#waiters.clear();
    this.#wake?.();
    for (const subscription of this.#subscriptions) void subscription.unsubscribe();
  }

  async #run(): Promise<void> {
    if (this.#stopped) return;
    try {
      if (this.#options.notifications) await this.#listen();
      while (!this.#stopped) {
        await this.#look();
        if (this.#stopped) break;
        await this.#nap();
      }
    } catch (error) {
      for (const waiter of this.#waiters) waiter.reject(error);
      this.stop();
    }
  }

  async #look(): Promise<void> {
    // The clock is read BEFORE the operation: "not executed" then holds at a time when the clock
    // had already passed, so an execution landing between the two reads cannot pass for expiry.
    const wantsClock = [...this.#waiters].some((waiter) => waiter.needsClock(this.last));
    const nodeStatus = wantsClock ? await getStatus(this.#client) : undefined;
    const infos = await getOperations(this.#client, [this.#operationId]);
    const info = infos.find((entry) => entry.id === this.#operationId);
    const observation: Observation = { status: operationStatusFromInfo(info), info };
    if (nodeStatus) {
      observation.lastSlot = nodeStatus.last_slot;
      if (nodeStatus.execution_stats) observation.activeCursor = nodeStatus.execution_stats.active_cursor;
    }
    if (this.#stopped) return;
    this.last = observation;
    this.#offer(observation);
  }

  #offer(observation: Observation): void {
    for (const waiter of this.#waiters) {
      let result: unknown;
      try {
        result = waiter.check(observation);
      } catch (error) {
        this.#waiters.delete(waiter);
        waiter.reject(error);
        continue;
      }
      if (result !== undefined) {
        this.#waiters.delete(waiter);
        waiter.resolve(result);
      }
    }
  }

  /** Waits for a notification-driven wake-up or the poll interval, whichever comes first. */
  #nap(): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.#options.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = undefined;
        done();
      };
    });
  }

  #poke(): void {
    if (this.#wake) this.#wake();
    else this.#woken = true;
  }

  /** Subscribes to blocks and pool entries; without them (no WS, node without broadcast) it polls. */
  async #listen(): Promise<void> {
    try {
      const [blocks, operations] = await Promise.all([subscribeNewFilledBlocks(this.#client), subscribeNewOperations(this.#client)]);
      this.#subscriptions.push(blocks, operations);
      if (this.#stopped) {
        this.stop();
        return;
      }
      // Every block moves the clock (expiry) and may carry or follow the operation's execution.
      void this.#pump(blocks, () => true);
      void this.#pump(operations, (operation) => operation.id === this.#operationId);
    } catch {
      // Polling alone still gets there.
    }
  }

  async #pump<T>(subscription: Subscription<T>, relevant: (value: T) => boolean): Promise<void> {
    try {
      for await (const value of subscription) {
        if (relevant(value)) this.#poke();
      }
    } catch {
      // The socket closed: the poll timer keeps the wait going.
    }
  }
}
