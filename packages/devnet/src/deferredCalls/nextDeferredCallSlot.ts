import { compareSlots, type Slot } from '@mason/codec';
import type { MemoryDeferredCalls } from '@mason/vm';

/** The earlier of two slots, either possibly absent. */
export function earlierSlot(a: Slot | null, b: Slot | null): Slot | null {
  if (!a) return b;
  if (!b) return a;
  return compareSlots(a, b) <= 0 ? a : b;
}

/**
 * The first slot at or after `from` where a deferred call is due (cancelled ones too: their
 * storage cost goes back to the sender there), or null when none is registered. A call whose slot
 * the devnet already passed is due at `from`.
 */
export function nextDeferredCallSlot(registry: MemoryDeferredCalls, from: Slot): Slot | null {
  const earliest = registry.earliestSlot();
  if (!earliest) return null;
  return compareSlots(earliest, from) >= 0 ? earliest : from;
}
