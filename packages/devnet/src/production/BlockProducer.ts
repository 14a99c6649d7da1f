import { blake3, concatBytes, encodeVarint, slotTimestamp, type SecretKey, type Slot } from '@mason/codec';
import type { Block, Endorsement } from '../chain/block.js';
import type { BlockGraph } from '../chain/blockGraph.js';
import type { ChainIndex } from '../chain/ChainIndex.js';
import { createBlock, createEndorsement } from '../chain/createBlock.js';
import type { Finalizer } from '../chain/Finalizer.js';
import type { OperationRecord } from '../chain/operationRecord.js';
import type { ChainConfig } from '../config.js';
import { maxSpending } from '../execution/executeBlockOperation.js';
import type { SlotExecution, SlotExecutionInput } from '../execution/executeSlot.js';
import { ExecutionWorker, SlotExecutionFailed } from '../execution/ExecutionWorker.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import type { Mempool } from '../pool/Mempool.js';
import type { PooledOperation } from '../pool/operationPool.js';
import type { ExecutionMode } from '../workers/JobRunner.js';
import type { SharedModules } from '../workers/SharedModules.js';
import { recordSlotTraces } from '../traces/recordSlotTraces.js';
import type { TraceStore } from '../traces/TraceStore.js';

/** How many block production failures the node keeps (the most recent ones) in productionErrors. */
export const MAX_KEPT_PRODUCTION_ERRORS = 20;

/** A block posted to the execution worker and not taken in yet. */
export interface BlockInFlight {
  block: Block;
  endorsements: Endorsement[];
  /** Its operations as the pool held them (they go back there if the block is abandoned). */
  chosen: PooledOperation[];
  records: OperationRecord[];
  run: Promise<SlotExecution>;
  /** The last produced slot before this block's. */
  previousSlot: Slot;
  deadlineMs: number;
}

/** What block production works on. */
export interface ProducerHost {
  readonly config: ChainConfig;
  /** The keys drawn to create blocks and endorsements (round-robin over slots). */
  readonly stakers: readonly SecretKey[];
  readonly graph: BlockGraph;
  readonly candidateLedger: DevnetLedger;
  readonly index: ChainIndex;
  readonly mempool: Mempool;
  readonly finalizer: Finalizer;
  log(message: string): void;
  stopped(): boolean;
  /** The candidate ledger changed by these writes (the node's 'candidate' event). */
  candidateChanged(changes: readonly BlockChange[]): void;
  /** A block joined the graph (the node's 'block' event). */
  blockAdded(block: Block): void;
}

export interface BlockProducerOptions {
  execution?: ExecutionMode | undefined;
  /** Inline execution: the compiled modules the execution and read-only VMs share. */
  shared: SharedModules;
  /** Where the traces of executed operations go; none recorded without it. */
  traces?: TraceStore | null | undefined;
}

/**
 * Makes blocks, in two halves so that a block can be executing while the next one is built:
 * launch (choose operations, build and sign the block, post its slot to the execution worker),
 * land (take the execution in, add the block to the graph, finalize what that makes final), or
 * abandon (a block whose parent failed). Keeps the production failures.
 */
export class BlockProducer {
  /** Where blocks execute (read-only calls have a worker of their own, see ReadOnlyWorker). */
  readonly worker: ExecutionWorker;
  /** The slots of the blocks being executed, oldest first: execution has not passed the first. */
  readonly #executingSlots: Slot[] = [];
  #lastProducedSlot: Slot;
  /** The most recent failures of block production (a bug, never a contract's fault), each also logged; the node keeps producing. */
  readonly productionErrors: Error[] = [];
  #failuresInARow = 0;
  readonly #traces: TraceStore | null;
  /** A slot whose production failed: the next attempt is at a later slot, not a hot retry. */
  failedSlot: Slot | null = null;

  constructor(
    private readonly host: ProducerHost,
    lastProducedSlot: Slot,
    options: BlockProducerOptions,
  ) {
    this.#lastProducedSlot = lastProducedSlot;
    this.#traces = options.traces ?? null;
    this.worker = new ExecutionWorker(host.config, host.candidateLedger, {
      mode: options.execution,
      log: (message) => host.log(message),
      shared: options.shared,
    });
  }

  get lastProducedSlot(): Slot {
    return this.#lastProducedSlot;
  }

  /** A final block read back from disk was produced at `slot`. */
  restoredAt(slot: Slot): void {
    this.#lastProducedSlot = slot;
  }

  /** A revert to a snapshot: the last produced slot is the snapshot's again. */
  revertTo(lastProducedSlot: Slot, failedSlot: Slot | null): void {
    this.#lastProducedSlot = lastProducedSlot;
    this.failedSlot = failedSlot;
  }

  /** Where the traces of executed operations go (null: none recorded). */
  get traces(): TraceStore | null {
    return this.#traces;
  }

  /** Blocks being executed (on the worker): their operations are neither pooled nor settled. */
  get executing(): number {
    return this.#executingSlots.length;
  }

  /** The slot of the oldest block being executed, or null. */
  get executingSlot(): Slot | null {
    return this.#executingSlots[0] ?? null;
  }

  /**
   * The first half of producing a block: chooses its operations, builds it on `parents` and posts
   * its slot to the execution worker. `queuedBehindMs`: the deadline of a block already in flight,
   * which the worker runs first.
   */
  launch(slot: Slot, parents: string[], queuedBehindMs = 0): BlockInFlight {
    const { config, mempool, candidateLedger } = this.host;
    mempool.pruneExpired(slot.period);
    const creator = this.#drawStaker(slot, 0);
    const endorsed = parents[slot.thread]!;
    const endorsements = Array.from({ length: config.endorsementCount }, (_, index) => createEndorsement(this.#drawStaker(slot, index), slot, index, endorsed));
    const chosen = mempool.pool.select(
      slot.period,
      slot.thread,
      {
        maxSize: config.maxBlockSize,
        maxGas: config.maxGasPerBlock,
        maxCount: config.maxOperationsPerBlock,
        validityPeriods: config.operationValidityPeriods,
      },
      (op) => candidateLedger.balance(op.signed.creator.toString()) >= op.signed.content.fee + maxSpending(op.signed, config),
    );
    const block = createBlock(creator, {
      slot,
      parents,
      endorsements,
      operations: chosen.map((op) => ({ id: op.signed.id, hash: op.signed.hash, size: op.size })),
    });
    const previousSlot = this.#lastProducedSlot;
    this.#lastProducedSlot = slot;
    mempool.taken(chosen);
    this.#executingSlots.push(slot);
    const records = mempool.markIncluded(block);
    const input = this.#executionInput(block, records);
    const run = this.worker.execute(input, candidateLedger.asyncPool.size, queuedBehindMs);
    // Awaited when the block lands; a failure before then must not be reported as unhandled.
    run.catch(() => {});
    return {
      block,
      endorsements,
      chosen,
      records,
      run,
      previousSlot,
      deadlineMs: this.worker.deadlineMs(input, candidateLedger.asyncPool.size),
    };
  }

  /** The second half: takes the block's execution in, adds it to the graph and finalizes what that makes final. */
  async land(flight: BlockInFlight): Promise<Block> {
    const { block, endorsements, records } = flight;
    const { mempool, index, graph, finalizer } = this.host;
    let changedAsyncPool: boolean;
    try {
      let execution: SlotExecution;
      try {
        execution = await flight.run;
      } catch (error) {
        for (const record of records) {
          mempool.unmarkIncluded(record);
          index.forget(record.signed.id);
        }
        throw error;
      }
      changedAsyncPool = this.#takeExecution(block, records, execution);
    } finally {
      this.#executingSlots.shift();
    }
    index.blockAdded(block, endorsements);
    if (block.operations.length > 0 || changedAsyncPool) finalizer.awaitFinality(block.id);
    const finalized = graph.add(block);
    this.host.blockAdded(block);
    for (const record of finalized) if (!finalizer.finalize(record)) break;
    return block;
  }

  /**
   * A block launched behind one whose production then failed: its parent will never exist, so it
   * is not produced either. Its operations go back to the pool, its slot may be produced again, and
   * the worker starts again from the node's candidate ledger (it may have executed the block).
   */
  async abandon(flight: BlockInFlight): Promise<void> {
    try {
      await flight.run;
    } catch {
      // failed as well: nothing more to undo
    } finally {
      this.#executingSlots.shift();
    }
    this.worker.reset();
    for (const record of flight.records) this.host.mempool.unmarkIncluded(record);
    this.host.mempool.returned(flight.chosen);
    this.#lastProducedSlot = flight.previousSlot;
  }

  /** A block was produced: the count of failures in a row starts again. */
  succeeded(): void {
    this.#failuresInARow = 0;
  }

  /** Logs a production failure (repeats of the same one at the 2nd, 4th, 8th… time) and keeps the most recent ones. */
  failed(slot: Slot, error: unknown): void {
    // The node stopping ended the block's execution: nothing failed.
    if (this.host.stopped() && error instanceof SlotExecutionFailed) return;
    const failure = error instanceof Error ? error : new Error(String(error));
    const previous = this.productionErrors[this.productionErrors.length - 1];
    this.#failuresInARow = previous?.message === failure.message ? this.#failuresInARow + 1 : 1;
    this.failedSlot = slot;
    this.productionErrors.push(failure);
    if (this.productionErrors.length > MAX_KEPT_PRODUCTION_ERRORS) this.productionErrors.shift();
    const n = this.#failuresInARow;
    if (n === 1)
      this.host.log(`block production failed at slot ${slot.period}.${slot.thread}; the node goes on with the next slot: ${failure.stack ?? failure.message}`);
    else if ((n & (n - 1)) === 0)
      this.host.log(`block production failed again at slot ${slot.period}.${slot.thread} (${n} failures in a row): ${failure.message}`);
  }

  /** The staker drawn for a slot's block (index 0) or its endorsement `index`. */
  #drawStaker(slot: Slot, index: number): SecretKey {
    const stakers = this.host.stakers;
    return stakers[(slot.period * this.host.config.threadCount + slot.thread + index) % stakers.length]!;
  }

  /** What the execution worker needs to execute a block's slot as the node does (§7.1). */
  #executionInput(block: Block, records: OperationRecord[]): SlotExecutionInput {
    const config = this.host.config;
    return {
      context: {
        slot: block.slot,
        timestamp: slotTimestamp(block.slot, config),
        blockId: block.id,
        executionTrailHash: blake3(
          concatBytes(new TextEncoder().encode(`mason devnet ${config.genesisTimestamp}`), encodeVarint(block.slot.period), Uint8Array.of(block.slot.thread)),
        ),
      },
      operations: records.map(({ signed }) => ({ id: signed.id, sender: signed.creator.toString(), contentBytes: signed.contentBytes })),
      producer: block.creatorAddress,
      endorsers: block.endorsements.map((e) => e.creatorAddress),
      endorsedCreator: this.host.graph.get(block.parents[block.slot.thread] ?? '')?.block.creatorAddress ?? null,
      ...(this.#traces !== null && { trace: true }),
    };
  }

  /**
   * Takes a block's execution in: operation statuses, speculative events, the change set applied
   * to the candidate ledger. Returns whether the async pool changed.
   */
  #takeExecution(block: Block, records: OperationRecord[], execution: SlotExecution): boolean {
    const { index, mempool, candidateLedger, config, finalizer } = this.host;
    const results: Array<[string, boolean]> = [];
    index.events.addSpeculative(execution.deferredEvents);
    execution.operations.forEach((outcome, i) => {
      const record = records[i]!;
      index.events.addSpeculative(outcome.events);
      if (!outcome.executed) {
        mempool.notExecuted(record.signed.id);
        return;
      }
      record.speculativeSuccess = outcome.success;
      if (outcome.gasUsed !== undefined) record.gasUsed = outcome.gasUsed;
      if (outcome.failure) record.failure = outcome.failure;
      results.push([record.signed.id, outcome.success]);
    });
    index.events.addSpeculative(execution.asyncEvents);
    if (this.#traces !== null) recordSlotTraces(this.#traces, block.operations, execution);
    const changes = execution.changes;
    for (const change of changes) candidateLedger.apply(change);
    mempool.reconsiderWaiting(changes);
    this.host.candidateChanged(changes);
    index.recordRolls(changes, Math.floor(block.slot.period / config.periodsPerCycle));
    finalizer.executed(block.id, changes, results);
    return changes.some((change) => change.kind === 'asyncMessage' || change.kind === 'deferredCall');
  }
}
