import { base58 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58 } from '../src/base58.js';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
// Leading zero bytes become leading '1's: make them frequent.
const bytes = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.uint8Array({ maxLength: 120 }))
  .map(([zeros, rest]) => Uint8Array.from([...new Uint8Array(zeros), ...rest]));

describe('base58', () => {
  it('encodes and decodes exactly as @scure/base does', () => {
    fc.assert(
      fc.property(bytes, (input) => {
        const text = encodeBase58(input);
        expect(text).toBe(base58.encode(input));
        expect(decodeBase58(text)).toEqual(input);
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes any string of the alphabet as @scure/base does', () => {
    const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 90 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, (input) => {
        expect(decodeBase58(input)).toEqual(base58.decode(input));
      }),
      { numRuns: 3000 },
    );
  });

  it('handles the edges: empty, all zeros, all 0xff, one digit', () => {
    for (const input of [new Uint8Array(), new Uint8Array(5), new Uint8Array(70).fill(255), Uint8Array.of(57), Uint8Array.of(58)]) {
      expect(encodeBase58(input)).toBe(base58.encode(input));
      expect(decodeBase58(encodeBase58(input))).toEqual(input);
    }
  });

  it.each(['0', 'O', 'I', 'l', '1110', 'abc!', 'é', '2\u0000', 'z'.repeat(10) + ' '])('refuses %j', (text) => {
    expect(() => decodeBase58(text)).toThrow(/invalid base58 character/);
  });
});
