import { Worker } from 'node:worker_threads';
import type { DevnetNode } from '../devnetNode.js';
import type { LedgerChange, LedgerState } from '../ledger/ledgerState.js';
import { readOnlyFailure, type ReadOnlyJob, type ReadOnlyResponse } from './readOnlyJob.js';

export interface ReadOnlyWorkerData {
  chainId: bigint;
  maxExecutionMs: number;
}

export type ToReadOnlyWorker = { type: 'changes'; changes: LedgerChange[] } | { type: 'run'; id: number; job: ReadOnlyJob };
type FromReadOnlyWorker = { id: number; response: ReadOnlyResponse } | { id: number; failure: string };

// Runs from sources (tests) and from dist alike: the worker is always the built file.
const WORKER_FILE = new URL('../../dist/readOnly/readOnlyWorkerMain.js', import.meta.url);

export interface ReadOnlyWorkerOptions {
  /** The VM's wall-clock budget inside the worker; default the node's `maxExecutionMs`. */
  maxExecutionMs?: number;
  /**
   * How long a job may take before the worker is terminated (a backstop for work the VM's
   * watchdog cannot interrupt); default the budget plus max(1 s, half the budget).
   */
  deadlineMs?: number;
  log?: (message: string) => void;
}

interface Running {
  job: ReadOnlyJob;
  resolve: (response: ReadOnlyResponse) => void;
  timer: NodeJS.Timeout;
}

/** Ledger-entry changes only: the VM reads nothing else (rolls, credits and the async pool stay on the node). */
const isEntryChange = (change: LedgerChange) => change.kind === 'create' || change.kind === 'balance' || change.kind === 'bytecode' || change.kind === 'data';

/** The candidate ledger's entries as changes that build them from nothing. */
function snapshotChanges(ledger: LedgerState): LedgerChange[] {
  const changes: LedgerChange[] = [];
  for (const [address, entry] of ledger.entries) {
    changes.push({ kind: 'create', address }, { kind: 'balance', address, value: entry.balance }, { kind: 'bytecode', address, value: entry.bytecode });
    for (const { key, value } of entry.datastore.values()) changes.push({ kind: 'data', address, key, value });
  }
  return changes;
}

/**
 * Read-only executions on a worker thread, so that however long one runs, the node's servers
 * keep answering and its blocks keep coming. The worker holds a replica of the candidate
 * ledger: a snapshot when it starts, then each block's changes, posted before the next request.
 * It starts on first use and waits without using CPU. A job past its deadline, or a worker that
 * dies, fails that job only; the next one gets a fresh worker.
 */
export class ReadOnlyWorker {
  #worker: Worker | null = null;
  #outbox: LedgerChange[] = [];
  readonly #running = new Map<number, Running>();
  #nextId = 0;
  #closed = false;
  readonly #maxExecutionMs: number;
  readonly #deadlineMs: number;
  readonly #log: (message: string) => void;
  readonly #onCandidate = (changes: readonly LedgerChange[]) => {
    if (this.#worker) for (const change of changes) if (isEntryChange(change)) this.#outbox.push(change);
  };

  constructor(
    private readonly node: DevnetNode,
    options: ReadOnlyWorkerOptions = {},
  ) {
    this.#maxExecutionMs = options.maxExecutionMs ?? node.config.maxExecutionMs;
    this.#deadlineMs = options.deadlineMs ?? this.#maxExecutionMs + Math.max(1_000, this.#maxExecutionMs / 2);
    this.#log = options.log ?? (() => {});
    node.on('candidate', this.#onCandidate);
  }

  run(job: ReadOnlyJob): Promise<ReadOnlyResponse> {
    if (this.#closed) return Promise.resolve(readOnlyFailure('Channel error'));
    const worker = this.#start();
    if (this.#outbox.length > 0) {
      worker.postMessage({ type: 'changes', changes: this.#outbox } satisfies ToReadOnlyWorker);
      this.#outbox = [];
    }
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#stopWorker(worker, `execution stopped after ${this.#deadlineMs} ms, past the wall-clock budget`), this.#deadlineMs);
      this.#running.set(id, { job, resolve, timer });
      worker.ref();
      worker.postMessage({ type: 'run', id, job } satisfies ToReadOnlyWorker);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.node.off('candidate', this.#onCandidate);
    const worker = this.#worker;
    if (worker) {
      this.#stopWorker(worker, 'the node is stopping');
      await worker.terminate();
    }
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const data: ReadOnlyWorkerData = { chainId: this.node.config.chainId, maxExecutionMs: this.#maxExecutionMs };
    const worker = new Worker(WORKER_FILE, { workerData: data });
    worker.unref();
    worker.on('message', (reply: FromReadOnlyWorker) => this.#settle(worker, reply));
    worker.on('error', (error) => {
      this.#log(`read-only worker failed: ${error.stack ?? error.message}`);
      this.#stopWorker(worker, `the read-only worker failed: ${error.message}`);
    });
    worker.on('exit', () => this.#stopWorker(worker, 'the read-only worker exited'));
    this.#worker = worker;
    this.#outbox = snapshotChanges(this.node.candidateLedger);
    return worker;
  }

  #settle(worker: Worker, reply: FromReadOnlyWorker): void {
    const running = this.#running.get(reply.id);
    if (!running) return;
    this.#running.delete(reply.id);
    clearTimeout(running.timer);
    if (this.#running.size === 0) worker.unref();
    if ('response' in reply) return running.resolve(reply.response);
    this.#log(`read-only execution failed in the worker: ${reply.failure}`);
    running.resolve(readOnlyFailure(`${targetOf(running.job)}: ${reply.failure.split('\n')[0]}`, running.job.executedAt));
  }

  /** Ends a worker (once): its running jobs fail with `reason`, the next job starts a new one. */
  #stopWorker(worker: Worker, reason: string): void {
    if (this.#worker !== worker) return;
    this.#worker = null;
    this.#outbox = [];
    for (const [id, running] of this.#running) {
      clearTimeout(running.timer);
      this.#running.delete(id);
      running.resolve(readOnlyFailure(`${targetOf(running.job)}: VM execution error: RuntimeError: Runtime error: ${reason}`, running.job.executedAt));
    }
    void worker.terminate();
  }
}

function targetOf(job: ReadOnlyJob): string {
  return `VM Error in ${job.kind === 'call' ? 'ReadOnlyExecutionTarget::FunctionCall' : 'ReadOnlyExecutionTarget::BytecodeExecution'} context`;
}
