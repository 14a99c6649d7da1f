import { concatBytes, decodeBase58check, decodeVarint, encodeBase58check, encodeVarint, type Slot } from '@mason/codec';

/**
 * The node's `DeferredCallId` (`massa-models/src/deferred_calls.rs`), version 0: bytes
 * `varint(0) ‖ varint(period) ‖ thread ‖ index (u64 big-endian) ‖ execution trail hash`, shown as
 * `D` + bs58check(bytes). `index` counts the calls already registered for the target slot, and
 * the trail hash is the registering slot's, so two registrations never share an id.
 */
export function deferredCallId(targetSlot: Slot, index: bigint, trailHash: Uint8Array): string {
  const indexBytes = new Uint8Array(8);
  new DataView(indexBytes.buffer).setBigUint64(0, index);
  const bytes = concatBytes(encodeVarint(0n), encodeVarint(BigInt(targetSlot.period)), Uint8Array.of(targetSlot.thread), indexBytes, trailHash);
  return 'D' + encodeBase58check(bytes);
}

/** Why an id string is not a deferred-call id, in the node's words (`DeferredCallId::from_str`). */
export class DeferredCallIdError extends Error {}

/** Parses an id as the node's `DeferredCallId::from_str`; throws DeferredCallIdError with its text. */
export function parseDeferredCallId(text: string): Uint8Array {
  if (!text.startsWith('D')) throw new DeferredCallIdError(`Deserialization error: Invalid prefix for DeferredCallId: ${text}`);
  const rest = text.slice(1);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase58check(rest);
  } catch {
    throw new DeferredCallIdError(`Deserialization error: Invalid base58 string for DeferredCallId: ${rest}`);
  }
  if (bytes.length === 0) throw new DeferredCallIdError('Serialization error: Empty bytes');
  let version: bigint;
  try {
    version = decodeVarint(bytes).value;
  } catch {
    throw new DeferredCallIdError('Deserialization error: invalid version varint');
  }
  if (version !== 0n) throw new DeferredCallIdError(`invalid version identifier: Invalid version to create an DeferredCallId: ${version}`);
  return bytes;
}

/** The target slot written in an id's bytes (`DeferredCallId::get_slot`); undefined when they hold none. */
export function deferredCallIdSlot(bytes: Uint8Array, threadCount: number): Slot | undefined {
  try {
    const version = decodeVarint(bytes);
    const period = decodeVarint(bytes, version.offset);
    const thread = bytes[period.offset];
    if (thread === undefined || thread >= threadCount || period.value > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
    return { period: Number(period.value), thread };
  } catch {
    return undefined;
  }
}

/** The slot of an id string, or undefined for a string that is not a valid id. */
export function slotOfDeferredCallId(text: string, threadCount: number): Slot | undefined {
  try {
    return deferredCallIdSlot(parseDeferredCallId(text), threadCount);
  } catch (error) {
    if (error instanceof DeferredCallIdError) return undefined;
    throw error;
  }
}
