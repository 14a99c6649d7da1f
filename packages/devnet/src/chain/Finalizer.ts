import { byteList, type SendOperationInput } from '@mason/codec';
import type { SCOutputEvent } from '../events/eventStore.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import type { Block } from './block.js';
import type { BlockGraph, BlockRecord } from './blockGraph.js';
import type { ChainIndex } from './ChainIndex.js';
import { ApiError } from '../apiError.js';
import type { StateChangeRecord } from '../stateControl/StateChangeRecord.js';
import { withoutOverridden } from '../stateControl/withoutOverridden.js';

/** Everything a block's finality makes permanent, in the order it happened. */
export interface FinalizedBlock {
  block: Block;
  operations: SendOperationInput[];
  changes: BlockChange[];
  events: SCOutputEvent[];
  operationResults: Array<[id: string, success: boolean]>;
}

/** Where final blocks are made durable (a ChainStore): append returns once the block is on disk. */
export interface FinalityJournal {
  append(entry: FinalizedBlock): void;
  /** State-control writes, durable before they are applied (see DevnetNode.applyStateChanges). */
  appendState?(state: StateChangeRecord): void;
  /** Where the journal ends now (a snapshot), for cutBack. */
  mark?(): unknown;
  /** Cuts the journal back to a mark (a revert to a snapshot), durably; throws when it cannot. */
  cutBack?(mark: unknown): void;
}

/** What the Finalizer works on: the node's graph, final ledger and index. */
export interface FinalizerHost {
  readonly graph: BlockGraph;
  readonly finalLedger: DevnetLedger;
  readonly index: ChainIndex;
  readonly journal: FinalityJournal | null;
  now(): number;
  log(message: string): void;
  /** A block became final (the node's 'final' event). */
  finalized(entry: FinalizedBlock): void;
  /** Finality stopped: nothing may be produced any more. */
  halted(): void;
}

interface PendingBlock {
  changes: BlockChange[];
  operationResults: Array<[string, boolean]>;
}

/** What Finalizer.revert needs: the blocks waiting for finality then (a few, whatever the chain's length). */
export interface FinalizerMark {
  pending: Map<string, PendingBlock>;
  awaiting: Set<string>;
  finalExecutedOperations: number;
  journal: unknown;
}

/**
 * Finality: keeps each executed block's change set until the graph makes the block final, then
 * makes it durable in the journal first and visible after (final ledger, final events, operation
 * statuses). A journal write that fails stops finality for good (the node halts).
 */
export class Finalizer {
  readonly #pending = new Map<string, PendingBlock>();
  /** Blocks holding operations or async-pool changes: a descendant must come to make them final. */
  readonly #awaiting = new Set<string>();
  readonly #finalizedAt: number[] = [];
  #finalExecutedOperations = 0;
  #halted: Error | null = null;

  constructor(private readonly host: FinalizerHost) {}

  /** A block's execution was taken in: what its finality will apply. */
  executed(blockId: string, changes: BlockChange[], operationResults: Array<[string, boolean]>): void {
    this.#pending.set(blockId, { changes, operationResults });
  }

  /** The block needs descendants to become final (it holds operations or changed the async pool). */
  awaitFinality(blockId: string): void {
    this.#awaiting.add(blockId);
  }

  isAwaiting(blockId: string): boolean {
    return this.#awaiting.has(blockId);
  }

  /** How many blocks wait for finality. */
  get awaitingCount(): number {
    return this.#awaiting.size;
  }

  /**
   * Makes a block final: durable in the journal first, then visible (final ledger, final events,
   * operation statuses, the 'final' event). If it cannot be persisted, finality stops here and
   * nothing of this block is reported final; returns false.
   */
  finalize(record: BlockRecord): boolean {
    if (this.#halted) return false;
    const { graph, finalLedger, index } = this.host;
    const block = record.block;
    const pending = this.#pending.get(block.id)!;
    const entry: FinalizedBlock = {
      block,
      operations: block.operations.map((id) => {
        const signed = index.operations.get(id)!.signed;
        return { serialized_content: byteList(signed.contentBytes), creator_public_key: signed.publicKey.toString(), signature: signed.signature.toString() };
      }),
      changes: pending.changes,
      events: index.events.ofBlock(block.id),
      operationResults: pending.operationResults,
    };
    try {
      this.host.journal?.append(entry);
    } catch (error) {
      this.#halt(error);
      return false;
    }
    graph.markFinal(record);
    this.#pending.delete(block.id);
    this.#awaiting.delete(block.id);
    for (const change of pending.changes) finalLedger.apply(change);
    index.events.finalizeBlock(block.id);
    for (const [id, success] of pending.operationResults) {
      index.operations.get(id)!.finalSuccess = success;
      this.#finalExecutedOperations++;
    }
    this.#finalizedAt.push(this.host.now());
    this.host.finalized(entry);
    return true;
  }

  /** State-control writes: durable first (a failed write halts, as for a block), then they override what pending blocks wrote to the same keys. */
  stateWritten(record: StateChangeRecord): void {
    if (this.#halted) throw ApiError.internal(this.#halted.message);
    try {
      this.host.journal?.appendState?.(record);
    } catch (error) {
      this.#halt(error);
      throw error;
    }
    for (const pending of this.#pending.values()) pending.changes = withoutOverridden(pending.changes, record.changes);
  }

  mark(): FinalizerMark {
    const pending = new Map([...this.#pending].map(([id, block]) => [id, { ...block }]));
    const journal = this.host.journal?.mark?.();
    return { pending, awaiting: new Set(this.#awaiting), finalExecutedOperations: this.#finalExecutedOperations, journal };
  }

  /** The journal goes back to `mark` first (durable first, as for every write): what was final since is not any more. */
  cutJournalBack(mark: FinalizerMark): void {
    if (this.#halted) throw ApiError.internal(this.#halted.message);
    if (mark.journal === undefined) return;
    try {
      this.host.journal?.cutBack?.(mark.journal);
    } catch (error) {
      this.#halt(error);
      throw ApiError.internal((error as Error).message);
    }
  }

  /** Back to `mark` (a revert to a snapshot): the blocks then not final wait for finality again. */
  revert(mark: FinalizerMark): void {
    this.#pending.clear();
    for (const [id, block] of mark.pending) this.#pending.set(id, { ...block });
    this.#awaiting.clear();
    for (const id of mark.awaiting) this.#awaiting.add(id);
    this.#finalExecutedOperations = mark.finalExecutedOperations;
  }

  /** A journal write failed: stop producing and finalizing, refuse operations, say so loudly. */
  #halt(error: unknown): void {
    this.#halted = error instanceof Error ? error : new Error(String(error));
    this.host.halted();
    this.host.log(`FINALITY STOPPED: ${this.#halted.message}`);
  }

  /** Why finality stopped (a journal write failed), or null while the node finalizes. */
  get halted(): Error | null {
    return this.#halted;
  }

  /** An executed operation of a final block read back from disk. */
  countRestoredExecution(): void {
    this.#finalExecutedOperations++;
  }

  finalizedWithin(windowMs: number, now: number): number {
    while (this.#finalizedAt.length > 0 && this.#finalizedAt[0]! < now - windowMs) this.#finalizedAt.shift();
    return this.#finalizedAt.length;
  }

  get finalExecutedOperations(): number {
    return this.#finalExecutedOperations;
  }
}
