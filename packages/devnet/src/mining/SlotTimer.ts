import type { Slot } from '@mason/codec';
import { MAX_TIMER_DELAY } from '../chain/nodeClock.js';

/**
 * The miner's one timer: set for a slot, it fires once (a delay beyond setTimeout's longest is
 * cut to it: the miner then looks again). Setting it again or clearing it forgets the slot.
 */
export class SlotTimer {
  #timer: ReturnType<typeof setTimeout> | null = null;
  #slot: Slot | null = null;

  /** The slot the pending timer is for, or null when none is pending. */
  get slot(): Slot | null {
    return this.#slot;
  }

  get pending(): boolean {
    return this.#timer !== null;
  }

  set(slot: Slot, delayMs: number, fire: () => void): void {
    this.clear();
    this.#slot = slot;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#slot = null;
        fire();
      },
      Math.min(MAX_TIMER_DELAY, Math.max(0, delayMs)),
    );
  }

  clear(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#slot = null;
  }
}
