import type { Slot } from '@mason/codec';
import { blockFitness, type Block } from './block.js';

export interface BlockRecord {
  block: Block;
  isFinal: boolean;
  /** Sum of the fitness of every block added before this one. */
  fitnessBefore: number;
}

const slotKey = (slot: Slot): string => `${slot.period}:${slot.thread}`;

/** What BlockGraph.revert needs to come back to a moment (a snapshot): small, whatever the graph's size. */
export interface GraphMark {
  bestParents: string[];
  bestParentPeriods: number[];
  totalFitness: number;
  pending: string[];
  lastFinalSlot: Slot;
  finalBlockCount: number;
}

/**
 * The block graph of a single honest producer: every block takes the latest block of each thread
 * as parents, so it descends from every earlier block, there is one clique, and a block's
 * descendants' fitness is the fitness of everything added after it. Finality is the node's rule:
 * final once that sum exceeds delta_f0.
 */
export class BlockGraph {
  readonly records = new Map<string, BlockRecord>();
  readonly #bySlot = new Map<string, string>();
  readonly bestParents: string[];
  /** Period of each best parent, for get_next_block_best_parents. */
  readonly bestParentPeriods: number[];
  #totalFitness = 0;
  #pending: string[] = [];
  lastFinalSlot: Slot = { period: 0, thread: 0 };
  finalBlockCount = 0;

  constructor(
    genesis: Block[],
    private readonly deltaF0: number,
  ) {
    this.bestParents = genesis.map((b) => b.id);
    this.bestParentPeriods = genesis.map(() => 0);
    for (const block of genesis) this.#insert(block, true);
    this.lastFinalSlot = genesis[genesis.length - 1]!.slot;
  }

  get(id: string): BlockRecord | undefined {
    return this.records.get(id);
  }

  atSlot(slot: Slot): BlockRecord | undefined {
    const id = this.#bySlot.get(slotKey(slot));
    return id ? this.records.get(id) : undefined;
  }

  get totalFitness(): number {
    return this.#totalFitness;
  }

  get pendingCount(): number {
    return this.#pending.length;
  }

  /**
   * Adds a block and returns the blocks that reached finality, oldest first. They are not final
   * yet: each becomes final by markFinal(), once it is persisted, in this order.
   */
  add(block: Block): BlockRecord[] {
    this.#insert(block, false);
    this.bestParents[block.slot.thread] = block.id;
    this.bestParentPeriods[block.slot.thread] = block.slot.period;
    this.#pending.push(block.id);
    return this.#finalizable();
  }

  /** Makes final the oldest block that reached finality (the first add() returned and not marked). */
  markFinal(record: BlockRecord): void {
    if (this.#pending[0] !== record.block.id) throw new Error(`block ${record.block.id} is not the next block to finalize`);
    record.isFinal = true;
    this.#pending.shift();
    this.lastFinalSlot = record.block.slot;
    this.finalBlockCount++;
  }

  /** Restores a block that was final when persisted. */
  restoreFinal(block: Block): void {
    this.#insert(block, true);
    this.bestParents[block.slot.thread] = block.id;
    this.bestParentPeriods[block.slot.thread] = block.slot.period;
    this.lastFinalSlot = block.slot;
    this.finalBlockCount++;
  }

  /** The graph now, for revert(): the best parents and the blocks not final yet. */
  mark(): GraphMark {
    return {
      bestParents: [...this.bestParents],
      bestParentPeriods: [...this.bestParentPeriods],
      totalFitness: this.#totalFitness,
      pending: [...this.#pending],
      lastFinalSlot: this.lastFinalSlot,
      finalBlockCount: this.finalBlockCount,
    };
  }

  /** Back to `mark`: `added` (the blocks added since) leave, and the blocks not final then are not final again. */
  revert(mark: GraphMark, added: readonly Block[]): void {
    for (const block of added) {
      this.records.delete(block.id);
      if (this.#bySlot.get(slotKey(block.slot)) === block.id) this.#bySlot.delete(slotKey(block.slot));
    }
    this.bestParents.splice(0, this.bestParents.length, ...mark.bestParents);
    this.bestParentPeriods.splice(0, this.bestParentPeriods.length, ...mark.bestParentPeriods);
    this.#totalFitness = mark.totalFitness;
    this.#pending = [...mark.pending];
    for (const id of mark.pending) this.records.get(id)!.isFinal = false;
    this.lastFinalSlot = mark.lastFinalSlot;
    this.finalBlockCount = mark.finalBlockCount;
  }

  #insert(block: Block, isFinal: boolean): void {
    this.records.set(block.id, { block, isFinal, fitnessBefore: this.#totalFitness });
    this.#bySlot.set(slotKey(block.slot), block.id);
    this.#totalFitness += blockFitness(block);
  }

  #finalizable(): BlockRecord[] {
    const ready: BlockRecord[] = [];
    for (const id of this.#pending) {
      const record = this.records.get(id)!;
      const descendantsFitness = this.#totalFitness - record.fitnessBefore - blockFitness(record.block);
      if (descendantsFitness <= this.deltaF0) break;
      ready.push(record);
    }
    return ready;
  }
}
