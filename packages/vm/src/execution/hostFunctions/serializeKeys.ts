import { hostFailure } from '../failures.js';

/**
 * Key-list encoding of `get_keys`/`get_op_keys`: u32 LE count, then per key a u8 length and the
 * key bytes; an empty list is an empty buffer.
 */
export function serializeKeys(keys: Uint8Array[], maxCount: number): Uint8Array {
  if (keys.length === 0) return new Uint8Array();
  if (keys.length > maxCount) throw hostFailure('Too many entries in the datastore');
  let size = 4;
  for (const key of keys) {
    if (key.length > 255) throw hostFailure('Some Datastore keys are too long');
    size += 1 + key.length;
  }
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, keys.length, true);
  let offset = 4;
  for (const key of keys) {
    out[offset++] = key.length;
    out.set(key, offset);
    offset += key.length;
  }
  return out;
}
