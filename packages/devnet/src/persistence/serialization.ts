import type { FinalizedBlock } from '../chain/Finalizer.js';

/** JSON with bigint and byte arrays: `{"$n": "123"}` and `{"$b": "hex"}`. */
export function encodeJson(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) => {
    if (typeof item === 'bigint') return { $n: item.toString() };
    if (item instanceof Uint8Array) return { $b: Buffer.from(item).toString('hex') };
    return item;
  });
}

export function decodeJson(text: string): unknown {
  return JSON.parse(text, (_, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      if (typeof record.$n === 'string' && Object.keys(record).length === 1) return BigInt(record.$n);
      if (typeof record.$b === 'string' && Object.keys(record).length === 1) return new Uint8Array(Buffer.from(record.$b, 'hex'));
    }
    return value;
  });
}

export const encodeFinalized = (entry: FinalizedBlock): string => encodeJson(entry);

/** Whether a decoded value has the shape of a FinalizedBlock (its fields' own contents are checked when restored). */
export function isFinalizedBlock(value: unknown): value is FinalizedBlock {
  const entry = value as Partial<FinalizedBlock> | null;
  const slot = entry?.block?.slot;
  return (
    typeof entry?.block?.id === 'string' &&
    Number.isSafeInteger(slot?.period) &&
    Number.isSafeInteger(slot?.thread) &&
    Array.isArray(entry.operations) &&
    Array.isArray(entry.changes) &&
    Array.isArray(entry.events) &&
    Array.isArray(entry.operationResults)
  );
}
