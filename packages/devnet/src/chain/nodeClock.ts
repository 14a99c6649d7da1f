/** setTimeout's longest delay (about 24.8 days): the node's timers wait at most this long, then look again. */
export const MAX_TIMER_DELAY = 2 ** 31 - 1;

/**
 * The node's clock: the wall clock plus an offset. Instant blocks, advanceSlots and a restart move
 * it ahead; only a revert to a snapshot moves it back (rewindTo), so every time and slot the chain
 * reports (current_time, last_slot, blocks' timestamps) is monotonic between two reverts.
 */
export class NodeClock {
  #offset = 0;

  /** Milliseconds since the epoch, as the node counts them. */
  now(): number {
    return Date.now() + this.#offset;
  }

  /** Moves the clock forward to `timestamp`; a time already passed changes nothing. */
  advanceTo(timestamp: number): void {
    const ahead = timestamp - Date.now();
    if (ahead > this.#offset) this.#offset = ahead;
  }

  /**
   * Sets the clock back to `timestamp` (a revert to a snapshot), from where it runs on with the
   * wall clock: the only move backwards, so the chain's times are monotonic between reverts.
   */
  rewindTo(timestamp: number): void {
    this.#offset = timestamp - Date.now();
  }

  /** How far the clock is ahead of the wall clock, in ms. */
  get offset(): number {
    return this.#offset;
  }
}
