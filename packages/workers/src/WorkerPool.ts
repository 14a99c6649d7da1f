import { Worker } from 'node:worker_threads';
import type { FromWorker, JobOutcome, ToWorker } from './messages.js';

export interface WorkerPoolOptions<S> {
  /** Most worker threads at once (0: every job fails at once, for callers with a fallback). */
  size: number;
  /** Each worker's start-up data, read each time a worker starts. */
  workerData?: () => unknown;
  /** State a new worker takes in before its first job (a snapshot); running workers get later state through `postState`. */
  initialState?: () => S | undefined;
  /**
   * Jobs a worker is given before it has answered the ones it holds. 1 (default): the others wait
   * here for the first idle worker. `Infinity`: posted at once, so a worker never waits for the
   * next job (it runs them in order).
   */
  jobsPerWorker?: number;
  /** Told when a worker thread fails (its jobs fail with the reason), e.g. to log it. */
  onWorkerError?: (error: Error) => void;
}

export interface RunOptions {
  /** Ends the worker when the job has not answered within this time: its jobs fail with `deadlineReason`. */
  deadlineMs?: number;
  deadlineReason?: string;
  /** Called when the job is posted to a worker (after it waited for one). */
  onStart?: () => void;
}

interface Job<J, R> {
  job: J;
  options: RunOptions;
  resolve: (outcome: JobOutcome<R>) => void;
}

interface Running<J, R> extends Job<J, R> {
  timer: NodeJS.Timeout | undefined;
}

interface Thread<J, R> {
  worker: Worker;
  running: Map<number, Running<J, R>>;
}

/**
 * Jobs run on up to `size` worker threads running the module `file` (its side is `serveJobs`).
 * Workers start on first use (or `warm()`), wait without CPU and without keeping the process
 * alive when idle. Jobs are posted in the order they were given. A worker that fails, exits or
 * passes a job's deadline fails the jobs it holds, only those; the next job starts a new worker.
 * `run` never rejects: a job's end is its value or why it has none.
 */
export class WorkerPool<J, R, S = never> {
  readonly #threads = new Set<Thread<J, R>>();
  readonly #queue: Job<J, R>[] = [];
  readonly #jobsPerWorker: number;
  #nextId = 0;
  #closed = false;
  #closedReason = 'the pool is closed';

  constructor(
    private readonly file: URL | string,
    private readonly options: WorkerPoolOptions<S>,
  ) {
    this.#jobsPerWorker = options.jobsPerWorker ?? 1;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Whether a worker is running (state posted before one starts is in its initial snapshot instead). */
  get started(): boolean {
    return this.#threads.size > 0;
  }

  /** Worker threads started and not ended. */
  get running(): number {
    return this.#threads.size;
  }

  /** Starts every worker now rather than on the first jobs (their start-up is then off those jobs' path). */
  warm(): void {
    while (!this.#closed && this.#threads.size < this.options.size) this.#start();
  }

  /** Posts state to every running worker, in order with the jobs posted to it. */
  postState(state: S): void {
    for (const { worker } of this.#threads) worker.postMessage({ type: 'state', state } satisfies ToWorker<J, S>);
  }

  run(job: J, options: RunOptions = {}): Promise<JobOutcome<R>> {
    if (this.#closed) return Promise.resolve({ ok: false, reason: this.#closedReason });
    if (this.options.size <= 0) return Promise.resolve({ ok: false, reason: 'the pool has no worker' });
    return new Promise((resolve) => {
      this.#queue.push({ job, options, resolve });
      this.#dispatch();
    });
  }

  /** Fails the jobs no worker has taken yet with `reason`, marked `cancelled`. */
  cancelQueued(reason: string): void {
    for (const job of this.#queue.splice(0)) job.resolve({ ok: false, reason, cancelled: true });
  }

  /** Ends every worker: the jobs they hold fail with `reason`; queued and later jobs start new ones. */
  async restart(reason: string): Promise<void> {
    const threads = [...this.#threads];
    for (const thread of threads) this.#end(thread, reason);
    await Promise.all(threads.map(({ worker }) => worker.terminate()));
  }

  /** Ends every worker and refuses later jobs: jobs held, queued or given later fail with `reason`. */
  async close(reason = 'the pool is closed'): Promise<void> {
    this.#closed = true;
    this.#closedReason = reason;
    this.cancelQueued(reason);
    await this.restart(reason);
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const thread = this.#freeThread();
      if (!thread) return;
      this.#post(thread, this.#queue.shift()!);
    }
  }

  /** The least busy worker that may take another job, or a new one while there is room. */
  #freeThread(): Thread<J, R> | undefined {
    let best: Thread<J, R> | undefined;
    for (const thread of this.#threads) {
      if (thread.running.size < this.#jobsPerWorker && (best === undefined || thread.running.size < best.running.size)) best = thread;
    }
    if (best?.running.size === 0 || this.#threads.size >= this.options.size) return best;
    return this.#start();
  }

  #post(thread: Thread<J, R>, job: Job<J, R>): void {
    const id = this.#nextId++;
    const { deadlineMs, deadlineReason } = job.options;
    const timer =
      deadlineMs === undefined ? undefined : setTimeout(() => this.#end(thread, deadlineReason ?? `the job passed its ${deadlineMs} ms deadline`), deadlineMs);
    thread.running.set(id, { ...job, timer });
    thread.worker.ref();
    job.options.onStart?.();
    thread.worker.postMessage({ type: 'run', id, job: job.job } satisfies ToWorker<J, S>);
  }

  #start(): Thread<J, R> {
    const worker = new Worker(this.file, { workerData: this.options.workerData?.() });
    worker.unref();
    const thread: Thread<J, R> = { worker, running: new Map() };
    worker.on('message', (reply: FromWorker<R>) => this.#settle(thread, reply));
    worker.on('error', (error) => {
      this.options.onWorkerError?.(error);
      this.#end(thread, `its worker failed: ${error.message}`);
    });
    worker.on('exit', () => this.#end(thread, 'its worker exited'));
    this.#threads.add(thread);
    const state = this.options.initialState?.();
    if (state !== undefined) worker.postMessage({ type: 'state', state } satisfies ToWorker<J, S>);
    return thread;
  }

  #settle(thread: Thread<J, R>, reply: FromWorker<R>): void {
    const running = thread.running.get(reply.id);
    if (!running) return;
    thread.running.delete(reply.id);
    clearTimeout(running.timer);
    if (thread.running.size === 0) thread.worker.unref();
    running.resolve('value' in reply ? { ok: true, value: reply.value } : { ok: false, reason: reply.failure });
    this.#dispatch();
  }

  #end(thread: Thread<J, R>, reason: string): void {
    if (!this.#threads.delete(thread)) return;
    for (const running of thread.running.values()) {
      clearTimeout(running.timer);
      running.resolve({ ok: false, reason });
    }
    thread.running.clear();
    void thread.worker.terminate();
    if (!this.#closed) this.#dispatch();
  }
}
