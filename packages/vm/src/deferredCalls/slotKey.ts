import type { Slot } from '@mason/codec';
import { compareBytes } from '../state/bytesKey.js';
import { parseDeferredCallId } from './deferredCallId.js';

/** A slot as a map key. */
export const slotKey = (slot: Slot): string => `${slot.period}:${slot.thread}`;

/** The node's order of a slot's calls: their ids' bytes (the registration index, then the trail hash). */
export function sortDeferredCallIds(ids: Iterable<string>): string[] {
  return [...ids]
    .map((id) => ({ id, bytes: parseDeferredCallId(id) }))
    .sort((a, b) => compareBytes(a.bytes, b.bytes))
    .map(({ id }) => id);
}
