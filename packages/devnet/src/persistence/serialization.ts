import type { FinalizedBlock } from '../devnetNode.js';

/** JSON with bigint and byte arrays: `{"$n": "123"}` and `{"$b": "hex"}`. */
export function encodeFinalized(entry: FinalizedBlock): string {
  return JSON.stringify(entry, (_, value: unknown) => {
    if (typeof value === 'bigint') return { $n: value.toString() };
    if (value instanceof Uint8Array) return { $b: Buffer.from(value).toString('hex') };
    return value;
  });
}

export function decodeFinalized(line: string): FinalizedBlock {
  return JSON.parse(line, (_, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      if (typeof record.$n === 'string' && Object.keys(record).length === 1) return BigInt(record.$n);
      if (typeof record.$b === 'string' && Object.keys(record).length === 1) return new Uint8Array(Buffer.from(record.$b, 'hex'));
    }
    return value;
  }) as FinalizedBlock;
}
