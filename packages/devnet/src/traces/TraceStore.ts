/** How many traces the devnet keeps, and how much memory they may take. */
export interface TraceOptions {
  /** The latest this many executions keep their trace (default 1,000). */
  keep?: number;
  /** The traces kept take at most this many bytes of JSON (default 64 MiB); the oldest go first. */
  maxBytes?: number;
}

export const DEFAULT_TRACE_KEEP = 1_000;
export const DEFAULT_TRACE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The traces of the latest executions, by operation id (or asynchronous message id), as the JSON
 * text the execution worker made: one string per trace crosses the thread boundary and is stored
 * and answered as it is. Oldest first out, past `keep` traces or `maxBytes` bytes.
 */
export class TraceStore {
  readonly keep: number;
  readonly maxBytes: number;
  // A Map iterates in insertion order: the first key is the oldest trace.
  readonly #traces = new Map<string, string>();
  #bytes = 0;
  /** While a snapshot is live: the id of each trace added, in order (a revert forgets those added after its snapshot). */
  log: string[] | null = null;

  constructor(options: TraceOptions = {}) {
    this.keep = options.keep ?? DEFAULT_TRACE_KEEP;
    this.maxBytes = options.maxBytes ?? DEFAULT_TRACE_MAX_BYTES;
  }

  /** Keeps a trace (JSON); one larger than the whole budget is not kept. */
  add(id: string, json: string): void {
    this.delete(id);
    if (json.length > this.maxBytes || this.keep === 0) return;
    this.#traces.set(id, json);
    this.#bytes += json.length;
    this.log?.push(id);
    for (const [oldest] of this.#traces) {
      if (this.#traces.size <= this.keep && this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** The trace's JSON, if kept. */
  get(id: string): string | undefined {
    return this.#traces.get(id);
  }

  get size(): number {
    return this.#traces.size;
  }

  /** Bytes of JSON kept (one byte per character: traces are mostly ASCII). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Forgets a trace (its operation was reverted away, or it is the oldest). */
  delete(id: string): void {
    const json = this.#traces.get(id);
    if (json === undefined) return;
    this.#bytes -= json.length;
    this.#traces.delete(id);
  }
}
