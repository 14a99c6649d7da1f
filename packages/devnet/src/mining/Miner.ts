import { compareSlots, nextSlot, slotTimestamp, type Slot } from '@mason/codec';
import { MAX_ASYNC_GAS } from '../asyncPool/asyncPoolState.js';
import { nextAsyncSlot } from '../asyncPool/nextAsyncSlot.js';
import { earlierSlot, nextDeferredCallSlot } from '../deferredCalls/nextDeferredCallSlot.js';
import type { Block } from '../chain/block.js';
import type { BlockGraph } from '../chain/blockGraph.js';
import type { Finalizer } from '../chain/Finalizer.js';
import type { ChainConfig } from '../config.js';
import type { DevnetLedger } from '../ledger/devnetLedger.js';
import type { Mempool } from '../pool/Mempool.js';
import type { BlockProducer } from '../production/BlockProducer.js';
import { ApiError } from '../apiError.js';
import { SlotTimer } from './SlotTimer.js';

/** The most slots advanceSlots moves the clock in one call (about 18.5 days of 16 ms slots). */
export const MAX_ADVANCE_SLOTS = 100_000_000;

/** What a miner reads and drives. */
export interface MinerHost {
  readonly config: ChainConfig;
  readonly graph: BlockGraph;
  readonly candidateLedger: DevnetLedger;
  readonly mempool: Mempool;
  readonly producer: BlockProducer;
  readonly finalizer: Finalizer;
  now(): number;
  currentSlot(): Slot;
  advanceClockTo(timestamp: number): void;
  stopped(): boolean;
  /** Produces the block of a slot in one go (the node's produceBlock). */
  produceBlock(slot: Slot): Promise<Block>;
}

/**
 * Decides when blocks are produced. Two strategies share this interface and the planning below:
 * `SlotTimedMiner` (a block at its slot's real time) and `InstantMiner` (at once, the clock
 * jumping forward). Every slot the chain produces comes through here, in slot order: the place
 * for anything that runs at a slot (messages due, work at the start of a slot).
 */
export abstract class Miner {
  /** The one timer: the next slot to produce, or one to come back and look at. */
  protected readonly timer = new SlotTimer();
  /** Production runs one block (or mining run) at a time, in this chain. */
  protected producing: Promise<void> = Promise.resolve();

  constructor(protected readonly host: MinerHost) {}

  /** Runs `work` between two productions, after the one under way (state-control writes). */
  between<T>(work: () => T): Promise<T> {
    const run = this.producing.then(work);
    this.producing = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  /** Looks at what is due and arranges for it to be produced. */
  schedule(): void {
    if (this.host.stopped() || this.host.finalizer.halted) return;
    this.plan();
  }

  protected abstract plan(): void;

  /**
   * Moves the node's clock forward by `count` slots, as time passing would: asynchronous
   * messages that become due run, operations whose validity starts are included, and (instant
   * mode) everything produced is final when the returned promise settles. Returns the new last slot.
   */
  async advanceSlots(count: number): Promise<Slot> {
    if (!Number.isSafeInteger(count) || count <= 0 || count > MAX_ADVANCE_SLOTS) {
      throw new RangeError(`a slot count is an integer from 1 to ${MAX_ADVANCE_SLOTS}, got ${count}`);
    }
    const { config, mempool, finalizer } = this.host;
    if (finalizer.halted) throw new ApiError(-32001, `Internal server error: ${finalizer.halted.message}`);
    const current = this.host.currentSlot();
    const absolute = current.period * config.threadCount + current.thread + count;
    const target = { period: Math.floor(absolute / config.threadCount), thread: absolute % config.threadCount };
    this.host.advanceClockTo(this.slotTime(target));
    mempool.stalled = false;
    // Operations waiting for their sender to pay that expired meanwhile are dropped, as by a pool refresh.
    if (mempool.pool.earliestUnaffordableExpiry() !== null) mempool.pruneExpired(this.host.currentSlot().period);
    await this.clockMoved();
    return this.host.currentSlot();
  }

  /** The clock moved forward (advanceSlots): what became due is produced; settles when the strategy has done it. */
  protected abstract clockMoved(): Promise<void>;

  /** Whether nothing is left to do (besides blocks being executed, which the node counts). */
  abstract get isIdle(): boolean;

  /** The slot the miner waits to produce: execution has not passed it (see the execution cursor). */
  get scheduledSlot(): Slot | null {
    return null;
  }

  /** The slot a block will be produced at next (or looked at again, when far), or null when idle. */
  get nextProductionSlot(): Slot | null {
    return this.timer.slot;
  }

  /** Nothing may be produced any more (stop, or finality halted): the timer goes. */
  halt(): void {
    this.timer.clear();
  }

  /** Settles once no production is under way. */
  async idle(): Promise<void> {
    await this.producing;
  }

  /**
   * Whether a block must be produced: operations wait, or blocks holding operations wait for
   * finality. Empty blocks need no descendants, so an idle devnet produces nothing.
   */
  protected hasWork(): boolean {
    const { mempool, finalizer, producer } = this.host;
    return mempool.pool.includableCount > 0 || finalizer.awaitingCount > 0 || producer.executing > 0;
  }

  /** The first slot after the last produced one, past a slot whose production failed (no hot retry). */
  #firstCandidateSlot(from: Slot): Slot {
    const threadCount = this.host.config.threadCount;
    const failed = this.host.producer.failedSlot;
    if (from.period === 0) from = { period: 1, thread: 0 };
    if (failed && compareSlots(from, failed) <= 0) from = nextSlot(failed, threadCount);
    return from;
  }

  /**
   * The next slot after the last produced one where a block is useful: at or after now for
   * operations and finality, possibly earlier for an asynchronous message the devnet is late for.
   * `preferInclusion` (instant mode): the next operation's block is the descendant the waiting
   * ones need; no empty block before it.
   */
  protected nextUsefulSlot(preferInclusion: boolean): Slot | null {
    const { config, candidateLedger, mempool, finalizer, producer } = this.host;
    if (!this.hasWork() && candidateLedger.asyncPool.size === 0 && candidateLedger.deferredCalls.size === 0) return null;
    const now = this.host.currentSlot();
    const last = producer.lastProducedSlot;
    const from = this.#firstCandidateSlot(compareSlots(now, last) > 0 ? now : nextSlot(last, config.threadCount));
    // A node executes every slot: asynchronous messages run in the slot they become valid, and
    // expire in the slot after their validity end, even when the devnet runs late.
    const asyncSlot = this.nextAsyncSlot();
    const inclusion = mempool.pool.nextInclusionSlot(from, config.operationValidityPeriods);
    const finalizing = preferInclusion && inclusion && !mempool.stalled ? inclusion : from;
    if (finalizer.awaitingCount > 0) return asyncSlot && compareSlots(asyncSlot, finalizing) < 0 ? asyncSlot : finalizing;
    if (!inclusion) return asyncSlot;
    return asyncSlot && compareSlots(asyncSlot, inclusion) < 0 ? asyncSlot : inclusion;
  }

  /**
   * The slot where the next asynchronous message or deferred call runs (a slot whose production
   * failed is not tried again: they run in the next one).
   */
  protected nextAsyncSlot(): Slot | null {
    const { config, candidateLedger, producer } = this.host;
    const from = this.#firstCandidateSlot(nextSlot(producer.lastProducedSlot, config.threadCount));
    const message = nextAsyncSlot(candidateLedger.asyncPool, from, config.threadCount, MAX_ASYNC_GAS + config.maxGasPerBlock);
    return earlierSlot(message, nextDeferredCallSlot(candidateLedger.deferredCalls, from));
  }

  protected slotTime(slot: Slot): number {
    return slotTimestamp(slot, this.host.config);
  }
}
