import { WorkerPool } from '@mason/workers';
import type { JobOutcome, JobRunner } from './JobRunner.js';

export interface JobWorkerOptions<S> {
  /** The worker's start-up data, read each time a worker starts. */
  workerData: () => unknown;
  /** State posted to a new worker before its first job (a snapshot). */
  initialState?: () => S | undefined;
  log?: (message: string) => void;
}

/**
 * The node's jobs on one worker thread (a WorkerPool of one, jobs posted at once so the worker
 * never waits for the next): started on first use, idle without CPU. A job past its deadline
 * terminates the worker; a worker that dies fails its running jobs; either way the next job
 * starts a fresh worker from `initialState`.
 */
export class JobWorker<J, R, S = never> implements JobRunner<J, R, S> {
  readonly #pool: WorkerPool<J, R, S>;

  constructor(file: URL, options: JobWorkerOptions<S>) {
    const name = file.pathname.split('/').pop();
    this.#pool = new WorkerPool<J, R, S>(file, {
      size: 1,
      jobsPerWorker: Number.POSITIVE_INFINITY,
      workerData: options.workerData,
      ...(options.initialState && { initialState: options.initialState }),
      onWorkerError: (error) => options.log?.(`worker ${name} failed: ${error.stack ?? error.message}`),
    });
  }

  get closed(): boolean {
    return this.#pool.closed;
  }

  get started(): boolean {
    return this.#pool.started;
  }

  postState(state: S): void {
    this.#pool.postState(state);
  }

  warm(): void {
    this.#pool.warm();
  }

  run(job: J, deadlineMs: number): Promise<JobOutcome<R>> {
    return this.#pool.run(job, { deadlineMs, deadlineReason: `execution stopped after ${deadlineMs} ms, past the wall-clock budget` });
  }

  restart(reason: string): Promise<void> {
    return this.#pool.restart(reason);
  }

  close(): Promise<void> {
    return this.#pool.close('the node is stopping');
  }
}
