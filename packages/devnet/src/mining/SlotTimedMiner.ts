import { compareSlots, type Slot } from '@mason/codec';
import { Miner } from './Miner.js';
import { MAX_TIMER_DELAY } from '../chain/nodeClock.js';

/** Real slot timing: each useful block is produced when its slot's time comes, one after the other. */
export class SlotTimedMiner extends Miner {
  /** The slot the timer will produce, until it is produced: execution has not passed it. */
  #scheduledSlot: Slot | null = null;

  override get scheduledSlot(): Slot | null {
    return this.#scheduledSlot;
  }

  get isIdle(): boolean {
    return !this.hasWork();
  }

  protected plan(): void {
    const slot = this.nextUsefulSlot(false);
    if (this.timer.pending) {
      // A new operation or message can be due before the slot the timer waits for.
      const waiting = this.timer.slot;
      if (!slot || !waiting || compareSlots(slot, waiting) >= 0) return;
      this.timer.clear();
      this.#scheduledSlot = null;
    }
    if (!slot) return;
    const delay = Math.max(0, this.slotTime(slot) - this.host.now());
    if (delay > MAX_TIMER_DELAY) {
      // setTimeout cannot wait longer (a message valid weeks from now): come back and look again.
      this.timer.set(slot, MAX_TIMER_DELAY, () => this.schedule());
      return;
    }
    this.#scheduledSlot = slot;
    this.timer.set(slot, delay, () => {
      this.producing = this.producing
        .then(() => this.#produceAt(slot))
        .catch((error: unknown) => {
          this.host.producer.failed(slot, error);
          this.schedule();
        });
    });
  }

  async #produceAt(slot: Slot): Promise<void> {
    if (this.host.stopped() || this.host.finalizer.halted) return;
    if (compareSlots(slot, this.host.producer.lastProducedSlot) > 0) await this.host.produceBlock(slot);
    if (this.#scheduledSlot && compareSlots(this.#scheduledSlot, slot) === 0) this.#scheduledSlot = null;
    this.host.producer.succeeded();
    this.schedule();
  }

  clockMoved(): Promise<void> {
    if (this.timer.pending) {
      this.timer.clear();
      this.#scheduledSlot = null;
    }
    this.schedule();
    return Promise.resolve();
  }

  override halt(): void {
    super.halt();
    // A stopped staker misses its slots: nothing is due any more, execution moves on with the clock.
    this.#scheduledSlot = null;
  }
}
