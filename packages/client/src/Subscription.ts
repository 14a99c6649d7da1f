import { ClientError } from './errors.js';

/** The side of a subscription its connection writes to. */
export type SubscriptionSink<T> = {
  push(value: T): void;
  fail(error: unknown): void;
  end(): void;
};

export type SubscriptionInit = {
  /** The node's subscription id. */
  id: number | string;
  /** The subscribe method, e.g. `subscribe_new_blocks`. */
  method: string;
  /** Maximum unread notifications kept before the subscription fails with SUBSCRIPTION_OVERFLOW. */
  bufferSize: number;
  /** Sends the node's unsubscribe call; resolves to its boolean answer. */
  unsubscribe: () => Promise<boolean>;
};

/**
 * A live WebSocket subscription, read with `for await`. Leaving the loop (break, return, throw)
 * sends the node's `unsubscribe_*`; an unexpected socket close ends the loop with
 * MASON_CLIENT_WS_CLOSED.
 */
export class Subscription<T> implements AsyncIterableIterator<T> {
  readonly id: number | string;
  readonly method: string;
  readonly #bufferSize: number;
  readonly #sendUnsubscribe: () => Promise<boolean>;
  readonly #queue: T[] = [];
  readonly #waiters: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void }[] = [];
  #error: unknown = undefined;
  #failed = false;
  #done = false;
  #unsubscribing: Promise<boolean> | undefined;

  constructor(init: SubscriptionInit, attach: (sink: SubscriptionSink<T>) => void) {
    this.id = init.id;
    this.method = init.method;
    this.#bufferSize = init.bufferSize;
    this.#sendUnsubscribe = init.unsubscribe;
    attach({
      push: (value) => this.#push(value),
      fail: (error) => this.#fail(error),
      end: () => this.#finish(),
    });
  }

  /** True once the subscription can deliver nothing more (unsubscribed, closed or failed). */
  get closed(): boolean {
    return this.#done;
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.#queue.shift();
    if (value !== undefined) return Promise.resolve({ done: false, value });
    if (this.#failed) {
      this.#failed = false;
      return Promise.reject(this.#error);
    }
    if (this.#done) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  async return(): Promise<IteratorResult<T>> {
    await this.unsubscribe();
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /**
   * Stops the subscription: pending `next()` calls end, and the node receives `unsubscribe_*`.
   * Resolves to the node's answer, or false when the subscription had already ended.
   */
  unsubscribe(): Promise<boolean> {
    if (this.#unsubscribing) return this.#unsubscribing;
    if (this.#done) return Promise.resolve(false);
    this.#finish();
    this.#queue.length = 0;
    this.#unsubscribing = this.#sendUnsubscribe().catch(() => false);
    return this.#unsubscribing;
  }

  #push(value: T): void {
    if (this.#done) return;
    if (this.#queue.length >= this.#bufferSize) {
      this.#fail(new ClientError('MASON_CLIENT_SUBSCRIPTION_OVERFLOW', { method: this.method, bufferSize: this.#bufferSize }));
      this.#unsubscribing = this.#sendUnsubscribe().catch(() => false);
      return;
    }
    const waiter = this.#waiters.shift();
    if (waiter) waiter.resolve({ done: false, value });
    else this.#queue.push(value);
  }

  #fail(error: unknown): void {
    if (this.#done) return;
    this.#done = true;
    const waiters = this.#waiters.splice(0);
    if (waiters.length === 0) {
      this.#failed = true;
      this.#error = error;
      return;
    }
    for (const [index, waiter] of waiters.entries()) {
      if (index === 0) waiter.reject(error);
      else waiter.resolve({ done: true, value: undefined });
    }
  }

  #finish(): void {
    if (this.#done) return;
    this.#done = true;
    for (const waiter of this.#waiters.splice(0)) waiter.resolve({ done: true, value: undefined });
  }
}
