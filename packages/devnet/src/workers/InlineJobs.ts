import type { JobHandlers, JobOutcome, JobRunner } from './JobRunner.js';

export interface InlineJobsOptions<S> {
  /** State given to new handlers before their first job (a snapshot). */
  initialState?: () => S | undefined;
}

/**
 * Runs the node's jobs on its own thread, with the same handlers a JobWorker's thread runs and
 * the same copies in and out (structuredClone, as postMessage does). No thread to start, and the
 * handlers' code shares one warmed-up JIT; but a job holds the node's thread until it ends, and
 * there is no deadline backstop: only the VM's wall-clock watchdog stops a long execution.
 */
export class InlineJobs<J, R, S> implements JobRunner<J, R, S> {
  #handlers: Promise<JobHandlers<J, R, S>> | null = null;
  #closed = false;
  /** Why the handlers a waiting job was given to were dropped. */
  #dropped = 'the node is stopping';

  constructor(
    private readonly load: () => Promise<JobHandlers<J, R, S>>,
    private readonly options: InlineJobsOptions<S> = {},
  ) {}

  get closed(): boolean {
    return this.#closed;
  }

  get started(): boolean {
    return this.#handlers !== null;
  }

  postState(state: S): void {
    const copy = structuredClone(state);
    // Handlers that fail to load take no state: the next job loads new ones from a new snapshot.
    void this.#handlers?.then(
      (handlers) => handlers.state(copy),
      () => {},
    );
  }

  warm(): void {
    if (!this.#closed) this.#start();
  }

  async run(job: J): Promise<JobOutcome<R>> {
    if (this.#closed) return { ok: false, reason: 'the node is stopping' };
    const started = this.#start();
    const copy = structuredClone(job);
    let handlers: JobHandlers<J, R, S>;
    try {
      handlers = await started;
    } catch (error) {
      return { ok: false, reason: `its handlers did not load: ${(error as Error).message}` };
    }
    // Restarted (or closed) while the handlers loaded: this job belonged to the state that was dropped.
    if (this.#handlers !== started) return { ok: false, reason: this.#dropped };
    try {
      return { ok: true, value: structuredClone(handlers.run(copy)) };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
  }

  async restart(reason: string): Promise<void> {
    this.#dropped = reason;
    this.#handlers = null;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#dropped = 'the node is stopping';
    this.#handlers = null;
  }

  #start(): Promise<JobHandlers<J, R, S>> {
    if (this.#handlers) return this.#handlers;
    // The snapshot is taken now, as a new worker's is: changes posted from here on come after it.
    const state = this.options.initialState?.();
    const copy = state === undefined ? undefined : structuredClone(state);
    const handlers = this.load().then((loaded) => {
      if (copy !== undefined) loaded.state(copy);
      return loaded;
    });
    handlers.catch(() => {
      if (this.#handlers === handlers) this.#handlers = null;
    });
    this.#handlers = handlers;
    return handlers;
  }
}
