// Datastore keys are bytes. Inside maps they are held as latin1 strings (one char per byte),
// whose ordinary string order is exactly the byte-wise order of the keys.

/** Keys up to this length are made with String.fromCharCode (~5× cheaper than a Buffer for short keys, slower for long ones). */
const SHORT_KEY = 64;

export function toKey(bytes: Uint8Array): string {
  if (bytes.length <= SHORT_KEY) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

export function fromKey(key: string): Uint8Array {
  return new Uint8Array(Buffer.from(key, 'latin1'));
}

/** Byte-wise comparison: the order of Massa's BTreeMap datastores. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = a[i]! - b[i]!;
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

export function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}
