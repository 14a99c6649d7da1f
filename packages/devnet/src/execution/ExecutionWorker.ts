import type { ChainConfig } from '../config.js';
import { ledgerSnapshot } from '../ledger/ledgerSnapshot.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import { InlineJobs } from '../workers/InlineJobs.js';
import type { ExecutionMode, JobRunner } from '../workers/JobRunner.js';
import { JobWorker } from '../workers/JobWorker.js';
import type { SharedModules } from '../workers/SharedModules.js';
import type { SlotExecution, SlotExecutionInput } from './executeSlot.js';

// Runs from sources (tests) and from dist alike: the worker is always the built bundle (scripts/bundle-workers.mjs).
const WORKER_FILE = new URL('../../dist/workers/executionWorker.js', import.meta.url);

/** A slot's execution that did not end: the block is not produced. */
export class SlotExecutionFailed extends Error {}

/**
 * Block execution on a worker thread, so that the node's servers keep answering while a block's
 * contracts run (or, in `inline` mode, on the node's thread). The worker owns a copy of the
 * candidate ledger: a snapshot of the node's when it starts, then only its own executions, whose
 * change sets the node applies to its copy in the same order (so both stay equal). A slot past its
 * deadline, or a worker that dies, fails that slot's production; the next slot starts a fresh
 * worker from the node's copy.
 */
export class ExecutionWorker {
  readonly #worker: JobRunner<SlotExecutionInput, SlotExecution, BlockChange[]>;
  readonly #inline: boolean;

  constructor(
    private readonly config: ChainConfig,
    candidate: DevnetLedger,
    options: { mode?: ExecutionMode; log?: ((message: string) => void) | undefined; shared?: SharedModules } = {},
  ) {
    const initialState = () => ledgerSnapshot(candidate);
    this.#inline = options.mode === 'inline';
    this.#worker = this.#inline
      ? new InlineJobs(async () => (await import('./executionJobs.js')).executionJobs(config, options.shared), { initialState })
      : new JobWorker(WORKER_FILE, { workerData: () => config, initialState, ...(options.log && { log: options.log }) });
  }

  /**
   * A slot's deadline, a backstop for work the VM's watchdog cannot interrupt: one budget per
   * operation and per asynchronous message that may run, plus one, plus 5 s.
   */
  deadlineMs(input: SlotExecutionInput, asyncMessages: number): number {
    return this.config.maxExecutionMs * (input.operations.length + asyncMessages + 1) + 5_000;
  }

  /** Runs a slot; `queuedBehindMs`: the deadline of a slot posted before it, which the worker runs first. */
  async execute(input: SlotExecutionInput, asyncMessages: number, queuedBehindMs = 0): Promise<SlotExecution> {
    const outcome = await this.#worker.run(input, this.deadlineMs(input, asyncMessages) + queuedBehindMs);
    if (!outcome.ok) throw new SlotExecutionFailed(`the execution of slot ${input.context.slot.period}.${input.context.slot.thread} failed: ${outcome.reason}`);
    return outcome.value;
  }

  /** Whether slots run on the node's own thread (then nothing is gained by posting one before the last is taken in). */
  get inline(): boolean {
    return this.#inline;
  }

  /** Starts the worker ahead of the first slot. */
  warm(): void {
    this.#worker.warm();
  }

  /** Writes applied to the node's candidate ledger after every slot posted so far (state control): the worker's copy takes them too. */
  post(changes: BlockChange[]): void {
    if (this.#worker.started) this.#worker.postState(changes);
  }

  /** The candidate ledger changed other than by this worker's executions (genesis, a restore): the next slot starts from a new snapshot. */
  reset(): void {
    void this.#worker.restart('the candidate ledger was replaced');
  }

  /** Ends the worker (the node stopped); a later slot starts a new one. */
  stop(): Promise<void> {
    return this.#worker.restart('the node is stopping');
  }
}
