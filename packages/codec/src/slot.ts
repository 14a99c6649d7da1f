import { CodecError } from './errors.js';

export interface Slot {
  period: number;
  thread: number;
}

export interface SlotTiming {
  genesisTimestamp: number;
  /** Period length in ms; a slot lasts t0 / threadCount. */
  t0: number;
  threadCount: number;
}

/** timestamp(slot) = genesis + period·t0 + thread·(t0/thread_count). */
export function slotTimestamp(slot: Slot, timing: SlotTiming): number {
  checkSlot(slot, timing.threadCount);
  return timing.genesisTimestamp + slot.period * timing.t0 + slot.thread * (timing.t0 / timing.threadCount);
}

/** The latest slot at a time, or null before genesis. */
export function slotAt(timestamp: number, timing: SlotTiming): Slot | null {
  const elapsed = timestamp - timing.genesisTimestamp;
  if (elapsed < 0) return null;
  const period = Math.floor(elapsed / timing.t0);
  const thread = Math.floor((elapsed % timing.t0) / (timing.t0 / timing.threadCount));
  return { period, thread };
}

export function nextSlot(slot: Slot, threadCount = 32): Slot {
  checkSlot(slot, threadCount);
  return slot.thread + 1 < threadCount ? { period: slot.period, thread: slot.thread + 1 } : { period: slot.period + 1, thread: 0 };
}

export function previousSlot(slot: Slot, threadCount = 32): Slot | null {
  checkSlot(slot, threadCount);
  if (slot.thread > 0) return { period: slot.period, thread: slot.thread - 1 };
  return slot.period > 0 ? { period: slot.period - 1, thread: threadCount - 1 } : null;
}

export function compareSlots(a: Slot, b: Slot): number {
  return a.period !== b.period ? a.period - b.period : a.thread - b.thread;
}

export function slotCycle(slot: Slot, periodsPerCycle: number): number {
  return Math.floor(slot.period / periodsPerCycle);
}

function checkSlot(slot: Slot, threadCount: number): void {
  if (!Number.isSafeInteger(slot.period) || slot.period < 0) {
    throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what: 'slot period', min: 0, max: Number.MAX_SAFE_INTEGER, value: slot.period });
  }
  if (!Number.isInteger(slot.thread) || slot.thread < 0 || slot.thread >= threadCount) {
    throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what: 'slot thread', min: 0, max: threadCount - 1, value: slot.thread });
  }
}
