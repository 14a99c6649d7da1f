import type { DevnetNode } from '../devnetNode.js';
import { ledgerSnapshot } from '../ledger/ledgerSnapshot.js';
import type { BlockChange } from '../ledger/devnetLedger.js';
import { InlineJobs } from '../workers/InlineJobs.js';
import type { ExecutionMode, JobRunner } from '../workers/JobRunner.js';
import { JobWorker } from '../workers/JobWorker.js';
import { readOnlyFailure, type ReadOnlyJob, type ReadOnlyResponse } from './readOnlyJob.js';
import type { ReadOnlyJobsConfig } from './readOnlyJobs.js';

// Runs from sources (tests) and from dist alike: the worker is always the built bundle (scripts/bundle-workers.mjs).
const WORKER_FILE = new URL('../../dist/workers/readOnlyWorker.js', import.meta.url);

export interface ReadOnlyWorkerOptions {
  /** The VM's wall-clock budget inside the worker; default the node's `maxExecutionMs`. */
  maxExecutionMs?: number;
  /**
   * How long a job may take before the worker is terminated (a backstop for work the VM's
   * watchdog cannot interrupt); default the budget plus max(1 s, half the budget).
   */
  deadlineMs?: number;
  log?: (message: string) => void;
  /** `inline`: on the node's own thread instead of a worker (no deadline backstop then). */
  mode?: ExecutionMode;
}

/** Ledger-entry changes only: the VM reads nothing else (rolls, credits and the async pool stay on the node). */
const isEntryChange = (change: BlockChange) =>
  change.kind === 'create' || change.kind === 'balance' || change.kind === 'bytecode' || change.kind === 'data' || change.kind === 'removeEntry';

/**
 * Read-only executions on a worker thread, so that however long one runs, the node's servers
 * keep answering and its blocks keep coming. The worker holds a replica of the candidate
 * ledger's entries: a snapshot when it starts, then each block's changes as the node applies
 * them. A job past its deadline, or a worker that dies, fails that job only; the next one gets a
 * fresh worker. In `inline` mode the same replica and VM run on the node's thread instead.
 */
export class ReadOnlyWorker {
  readonly #worker: JobRunner<ReadOnlyJob, ReadOnlyResponse, BlockChange[]>;
  readonly #deadlineMs: number;
  // Posted as they come (not kept until the next call): a worker that sees no call holds no backlog.
  readonly #onCandidate = (changes: readonly BlockChange[]) => {
    if (this.#worker.started) this.#worker.postState(changes.filter(isEntryChange));
  };

  constructor(
    private readonly node: Pick<DevnetNode, 'config' | 'candidateLedger' | 'inlineModules' | 'on' | 'off'>,
    options: ReadOnlyWorkerOptions = {},
  ) {
    const maxExecutionMs = options.maxExecutionMs ?? node.config.maxExecutionMs;
    this.#deadlineMs = options.deadlineMs ?? maxExecutionMs + Math.max(1_000, maxExecutionMs / 2);
    const config: ReadOnlyJobsConfig = { chainId: node.config.chainId, maxExecutionMs, ...(node.config.fork && { fork: node.config.fork }) };
    const initialState = () => ledgerSnapshot(node.candidateLedger).filter(isEntryChange);
    this.#worker =
      options.mode === 'inline'
        ? new InlineJobs(async () => (await import('./readOnlyJobs.js')).readOnlyJobs(config, node.inlineModules), { initialState })
        : new JobWorker(WORKER_FILE, { workerData: () => config, initialState, ...(options.log && { log: options.log }) });
    node.on('candidate', this.#onCandidate);
  }

  async run(job: ReadOnlyJob): Promise<ReadOnlyResponse> {
    if (this.#worker.closed) return readOnlyFailure('Channel error');
    const outcome = await this.#worker.run(job, this.#deadlineMs);
    if (outcome.ok) return outcome.value;
    const target = job.kind === 'call' ? 'ReadOnlyExecutionTarget::FunctionCall' : 'ReadOnlyExecutionTarget::BytecodeExecution';
    const reason = outcome.reason.split('\n')[0];
    return readOnlyFailure(`VM Error in ${target} context: VM execution error: RuntimeError: Runtime error: ${reason}`, job.executedAt);
  }

  async close(): Promise<void> {
    this.node.off('candidate', this.#onCandidate);
    await this.#worker.close();
  }
}
