/** The node's `readonly_queue_length`: read-only requests waiting beyond it are refused. */
export const READONLY_QUEUE_LENGTH = 100;

/**
 * Read-only executions wait here and run one at a time (each on the read-only worker, bounded by
 * the VM's wall-clock watchdog). Like the node's queue, at most `capacity` requests wait; `submit`
 * returns undefined for one more (the node's "too many queued readonly requests").
 */
export class ReadOnlyQueue {
  readonly #waiting: Array<() => Promise<void>> = [];
  #running = false;

  constructor(readonly capacity: number = READONLY_QUEUE_LENGTH) {}

  get length(): number {
    return this.#waiting.length;
  }

  submit<T>(job: () => T | Promise<T>): Promise<T> | undefined {
    if (this.#waiting.length >= this.capacity) return undefined;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(async () => {
        try {
          resolve(await job());
        } catch (error) {
          reject(error);
        }
      });
      this.#next();
    });
  }

  #next(): void {
    if (this.#running || this.#waiting.length === 0) return;
    this.#running = true;
    // Started on a later turn, so that requests arriving together all find their place first.
    setImmediate(() => {
      void this.#waiting.shift()!().finally(() => {
        this.#running = false;
        this.#next();
      });
    });
  }
}
