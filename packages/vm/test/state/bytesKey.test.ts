import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, fromKey, toKey } from '../../src/state/bytesKey.js';

// Short keys and long ones are made two ways (see toKey): both must give one char per byte.
const keys = fc.uint8Array({ minLength: 0, maxLength: 200 });

describe('datastore keys as strings', () => {
  it('hold each byte as one char, on both sides of the short-key length', () => {
    fc.assert(
      fc.property(keys, (bytes) => {
        const key = toKey(bytes);
        expect(key).toBe(Buffer.from(bytes).toString('latin1'));
        expect(fromKey(key)).toEqual(bytes);
      }),
    );
  });

  it('keep the byte-wise order of Massa datastores', () => {
    fc.assert(
      fc.property(keys, keys, (a, b) => {
        const [ka, kb] = [toKey(a), toKey(b)];
        expect(Math.sign(ka < kb ? -1 : ka > kb ? 1 : 0)).toBe(Math.sign(compareBytes(a, b)));
      }),
    );
  });

  it('read a view of a larger buffer, not the buffer', () => {
    const buffer = Uint8Array.of(9, 1, 2, 3, 9);
    expect(toKey(buffer.subarray(1, 4))).toBe('\u0001\u0002\u0003');
  });
});
