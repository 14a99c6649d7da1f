import type { JobOutcome } from '@mason/workers';

export type { JobOutcome };

/** What runs the jobs, wherever it runs: takes in state (a snapshot, then changes), runs one job at a time. */
export interface JobHandlers<J, R, S> {
  state(state: S): void;
  run(job: J): R;
}

/**
 * Where the node's jobs run: a worker thread (JobWorker) or the node's own thread (InlineJobs).
 * Either way, state and jobs are copied on their way in and results on their way out, and they
 * are taken in the order they were given.
 */
export interface JobRunner<J, R, S> {
  readonly closed: boolean;
  /** Whether the runner holds its state: changes posted before it starts are in its initial snapshot instead. */
  readonly started: boolean;
  postState(state: S): void;
  /** Starts now rather than on the first job (its start-up is then off the first job's path). */
  warm(): void;
  /** Runs a job; `deadlineMs` ends a worker that passes it (inline, only the VM's own watchdog applies). */
  run(job: J, deadlineMs: number): Promise<JobOutcome<R>>;
  /** Drops the running state: running jobs fail with `reason`; the next job starts afresh from a new snapshot. */
  restart(reason: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where a devnet runs block and read-only executions: `workers` (default), each kind on a worker
 * thread of its own, so the servers answer while a contract runs; `inline`, on the node's own
 * thread: no thread to start, but an execution holds every request until it ends.
 */
export type ExecutionMode = 'workers' | 'inline';
