import { compareSlots, nextSlot, type Slot } from '@mason/codec';
import type { Block } from '../chain/block.js';
import type { BlockInFlight } from '../production/BlockProducer.js';
import { Miner } from './Miner.js';

/** In instant mode, consecutive blocks that included nothing before the node stops trying the pool's leftovers (a full period). */
const INSTANT_STALL_BLOCKS = 32;

/** The best parents once `block` is in the graph: it becomes the best of its thread. */
function parentsWith(bestParents: readonly string[], block: Block): string[] {
  const parents = [...bestParents];
  parents[block.slot.thread] = block.id;
  return parents;
}

/**
 * Instant mode: an arriving operation is included at once in the next slot of its thread and the
 * blocks that make it final follow immediately; the node's clock jumps forward to those slots.
 */
export class InstantMiner extends Miner {
  /** A mining run is queued or running; the run it belongs to settles when it ends. */
  #mineRun: Promise<void> | null = null;

  get isIdle(): boolean {
    return this.#mineRun === null && !this.#hasInstantWork();
  }

  override async idle(): Promise<void> {
    await this.#mineRun;
    await this.producing;
  }

  async clockMoved(): Promise<void> {
    // A run ending as the clock moved may leave the newly due work to the next one: wait for it too.
    do await this.#requestMine();
    while (!this.host.stopped() && !this.host.finalizer.halted && this.#hasInstantWork());
  }

  /** Whether a mining run has something to do now (not later: future messages wait for their time). */
  #hasInstantWork(): boolean {
    const { finalizer, mempool } = this.host;
    if (finalizer.awaitingCount > 0 || (mempool.pool.includableCount > 0 && !mempool.stalled)) return true;
    const due = this.nextAsyncSlot();
    return due !== null && this.slotTime(due) <= this.host.now();
  }

  /**
   * Mines now if anything is to do; otherwise, if an asynchronous message waits for a future
   * slot, the timer comes back at that slot's time (the clock still follows the wall clock).
   */
  protected plan(): void {
    if (this.#hasInstantWork()) {
      void this.#requestMine();
      return;
    }
    if (this.#mineRun) return;
    const due = this.nextAsyncSlot();
    if (this.timer.pending) {
      const waiting = this.timer.slot;
      if (due && waiting && compareSlots(due, waiting) >= 0) return;
      this.timer.clear();
    }
    if (!due) return;
    this.timer.set(due, this.slotTime(due) - this.host.now(), () => this.schedule());
  }

  /**
   * Queues a mining run after the current event-loop turn, so operations sent together share
   * blocks and send_operations answers first. A run already queued or running picks new work up.
   */
  #requestMine(): Promise<void> {
    if (this.#mineRun) return this.#mineRun;
    this.timer.clear();
    const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const mined = this.producing.then(() => this.#mine());
      this.producing = mined.catch(() => {});
      return mined;
    });
    this.#mineRun = run.finally(() => {
      this.#mineRun = null;
      this.schedule();
    });
    return this.#mineRun;
  }

  /**
   * Produces blocks one after the other, the clock jumping to each one's slot, until the pool is
   * included and every block holding something is final. The event loop turns between blocks, so
   * the servers keep answering (and clients see speculative, then final). While the worker
   * executes a block, the block of the very next slot (another thread: operations are in their
   * sender's thread, so that block does not depend on this one's execution) is built and posted
   * behind it, and the worker goes from one to the other without waiting for this thread.
   */
  async #mine(): Promise<void> {
    const { producer, finalizer, mempool, graph } = this.host;
    let emptyInARow = 0;
    let flight: BlockInFlight | null = null;
    /** Lands a block; false when its production failed. */
    const land = async (landing: BlockInFlight): Promise<boolean> => {
      try {
        const block = await producer.land(landing);
        producer.succeeded();
        const awaited = finalizer.isAwaiting(block.id);
        emptyInARow = block.operations.length > 0 || awaited ? 0 : emptyInARow + 1;
        return true;
      } catch (error) {
        producer.failed(landing.block.slot, error);
        emptyInARow++;
        return false;
      }
    };
    /** Launches a block; null when its production failed before it was posted. */
    const launch = (slot: Slot, parents: string[], queuedBehindMs = 0): BlockInFlight | null => {
      try {
        return producer.launch(slot, parents, queuedBehindMs);
      } catch (error) {
        producer.failed(slot, error);
        emptyInARow++;
        return null;
      }
    };
    try {
      while (!this.host.stopped() && !finalizer.halted && (flight !== null || this.#hasInstantWork())) {
        const slot = this.#dueSlot();
        if (flight !== null && (slot === null || !this.#canLaunchBehind(flight, slot))) {
          await land(flight);
          flight = null;
        } else if (slot === null) {
          break;
        } else {
          this.host.advanceClockTo(this.slotTime(slot));
          if (flight === null) flight = launch(slot, [...graph.bestParents]);
          else {
            const next = launch(slot, parentsWith(graph.bestParents, flight.block), flight.deadlineMs);
            const landed = await land(flight);
            flight = next;
            if (!landed && next !== null) {
              await producer.abandon(next);
              flight = null;
            }
          }
        }
        // A full period of empty blocks: what is left in the pool cannot be included now; stop trying.
        if (emptyInARow >= INSTANT_STALL_BLOCKS && finalizer.awaitingCount === 0) mempool.stalled = mempool.pool.includableCount > 0;
        if (emptyInARow >= INSTANT_STALL_BLOCKS * 4) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      if (flight !== null) await land(flight);
    }
  }

  /** The slot of the next block to produce now, or null: nothing to do, or only a message of a future slot (it waits for its time). */
  #dueSlot(): Slot | null {
    const slot = this.#hasInstantWork() ? this.nextUsefulSlot(true) : null;
    if (!slot) return null;
    const { finalizer, mempool } = this.host;
    // Only operations and finality pull the clock forward.
    if (finalizer.awaitingCount > 0 || (mempool.pool.includableCount > 0 && !mempool.stalled)) return slot;
    return this.slotTime(slot) <= this.host.now() ? slot : null;
  }

  /**
   * Whether the block of `slot` may be posted before the one in flight is taken in: only on an
   * execution worker, for operations waiting in the pool (whether a block is needed for finality
   * is known once the one in flight is in), for the very next slot (no slot in between whose
   * asynchronous messages the one in flight could make due), in another thread.
   */
  #canLaunchBehind(flight: BlockInFlight, slot: Slot): boolean {
    const { producer, mempool, config } = this.host;
    if (producer.worker.inline || mempool.pool.includableCount === 0 || mempool.stalled) return false;
    return compareSlots(slot, nextSlot(flight.block.slot, config.threadCount)) === 0 && slot.thread !== flight.block.slot.thread;
  }
}
