import { compareSlots, nextSlot, type Slot } from '@mason/codec';
import { ASYNC_MSG_CST_GAS_COST, type AsyncPoolState } from './asyncPoolState.js';

const later = (a: Slot, b: Slot): Slot => (compareSlots(a, b) >= 0 ? a : b);

/**
 * The first slot at or after `from` where the pool needs a slot executed: a message that can run
 * becomes valid, or a message expires (its coins go back to its sender at the slot after its
 * validity end). A message that waits for its trigger, or whose gas exceeds what any slot offers
 * (`maxSlotGas`), only needs its expiry slot. Null when the pool is empty.
 */
export function nextAsyncSlot(pool: AsyncPoolState, from: Slot, threadCount: number, maxSlotGas: bigint): Slot | null {
  let best: Slot | null = null;
  for (const { entry } of pool.ordered()) {
    const { validityStart, validityEnd, maxGas } = entry.message;
    let slot: Slot;
    if (compareSlots(from, validityEnd) > 0) slot = from;
    else if (entry.canBeExecuted && maxGas + ASYNC_MSG_CST_GAS_COST <= maxSlotGas) slot = later(validityStart, from);
    else slot = nextSlot(validityEnd, threadCount);
    if (!best || compareSlots(slot, best) < 0) best = slot;
    if (compareSlots(best, from) === 0) break;
  }
  return best;
}
