import { Worker } from 'node:worker_threads';
import type { JobOutcome, JobRunner } from './JobRunner.js';

/** What the node posts to a job worker: state it must take in, or a job to run. */
export type ToJobWorker<J, S> = { type: 'state'; state: S } | { type: 'run'; id: number; job: J };
export type FromJobWorker<R> = { id: number; value: R } | { id: number; failure: string };

export interface JobWorkerOptions<S> {
  /** The worker's start-up data, read each time a worker starts. */
  workerData: () => unknown;
  /** State posted to a new worker before its first job (a snapshot). */
  initialState?: () => S | undefined;
  log?: (message: string) => void;
}

interface Running<R> {
  resolve: (outcome: JobOutcome<R>) => void;
  timer: NodeJS.Timeout;
}

/**
 * One worker thread running jobs for the node: started on first use, waiting without CPU (and
 * without keeping the process alive) when idle. A job past its deadline terminates the worker; a
 * worker that dies fails its running jobs; either way the next job starts a fresh worker.
 */
export class JobWorker<J, R, S = never> implements JobRunner<J, R, S> {
  #worker: Worker | null = null;
  readonly #running = new Map<number, Running<R>>();
  #nextId = 0;
  #closed = false;

  constructor(
    private readonly file: URL,
    private readonly options: JobWorkerOptions<S>,
  ) {}

  get closed(): boolean {
    return this.#closed;
  }

  /** Posts state to the running worker (a new worker gets `initialState` instead). */
  postState(state: S): void {
    this.#worker?.postMessage({ type: 'state', state } satisfies ToJobWorker<J, S>);
  }

  get started(): boolean {
    return this.#worker !== null;
  }

  /** Starts the worker now rather than on the first job (its start-up is then off the first job's path). */
  warm(): void {
    if (!this.#closed) this.#start();
  }

  run(job: J, deadlineMs: number): Promise<JobOutcome<R>> {
    if (this.#closed) return Promise.resolve({ ok: false, reason: 'the node is stopping' });
    const worker = this.#start();
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#end(worker, `execution stopped after ${deadlineMs} ms, past the wall-clock budget`), deadlineMs);
      this.#running.set(id, { resolve, timer });
      worker.ref();
      worker.postMessage({ type: 'run', id, job } satisfies ToJobWorker<J, S>);
    });
  }

  /** Ends the worker, if any: its running jobs fail with `reason`; the next job starts a new one. */
  async restart(reason: string): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    this.#end(worker, reason);
    await worker.terminate();
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    if (worker) {
      this.#end(worker, 'the node is stopping');
      await worker.terminate();
    }
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(this.file, { workerData: this.options.workerData() });
    worker.unref();
    worker.on('message', (reply: FromJobWorker<R>) => this.#settle(worker, reply));
    worker.on('error', (error) => {
      this.options.log?.(`worker ${this.file.pathname.split('/').pop()} failed: ${error.stack ?? error.message}`);
      this.#end(worker, `its worker failed: ${error.message}`);
    });
    worker.on('exit', () => this.#end(worker, 'its worker exited'));
    this.#worker = worker;
    const state = this.options.initialState?.();
    if (state !== undefined) worker.postMessage({ type: 'state', state } satisfies ToJobWorker<J, S>);
    return worker;
  }

  #settle(worker: Worker, reply: FromJobWorker<R>): void {
    const running = this.#running.get(reply.id);
    if (!running) return;
    this.#running.delete(reply.id);
    clearTimeout(running.timer);
    if (this.#running.size === 0) worker.unref();
    running.resolve('value' in reply ? { ok: true, value: reply.value } : { ok: false, reason: reply.failure });
  }

  #end(worker: Worker, reason: string): void {
    if (this.#worker !== worker) return;
    this.#worker = null;
    for (const [id, running] of this.#running) {
      clearTimeout(running.timer);
      this.#running.delete(id);
      running.resolve({ ok: false, reason });
    }
    void worker.terminate();
  }
}
