/** The node's `readonly_queue_length`: read-only requests waiting beyond it are refused. */
export const READONLY_QUEUE_LENGTH = 100;

/**
 * Read-only executions wait here and run one per turn of the event loop, so that the servers
 * answer other requests (get_status, operations) between two of them; each one is bounded by the
 * VM's wall-clock watchdog. Like the node's queue, at most `capacity` requests wait; `submit`
 * returns undefined for one more (the node's "too many queued readonly requests").
 */
export class ReadOnlyQueue {
  readonly #waiting: Array<() => void> = [];
  #scheduled = false;

  constructor(readonly capacity: number = READONLY_QUEUE_LENGTH) {}

  get length(): number {
    return this.#waiting.length;
  }

  submit<T>(job: () => T): Promise<T> | undefined {
    if (this.#waiting.length >= this.capacity) return undefined;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(() => {
        try {
          resolve(job());
        } catch (error) {
          reject(error);
        }
      });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#waiting.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#waiting.shift()?.();
      this.#schedule();
    });
  }
}
