import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAbiArgs, encodeAbiArgs, isCodecError, type AbiStruct, type AbiValue } from '../src/index.js';

const structs: Record<string, AbiStruct> = {
  Point: {
    fields: [
      { name: 'x', type: 'i32' },
      { name: 'label', type: 'string' },
    ],
  },
};
const p = (name: string, type: string, extra: Partial<AbiValue> = {}): AbiValue => ({ name, type, ...extra });
const PARAMS = [p('to', 'string', { format: 'address' }), p('amount', 'u256'), p('points', 'Point[]'), p('memo', 'bytes', { optional: true })];

describe('decodeAbiArgs', () => {
  it('reads back what encodeAbiArgs wrote, for any values', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
        fc.array(fc.record({ x: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), label: fc.string() }), { maxLength: 4 }),
        fc.option(fc.uint8Array({ maxLength: 8 }), { nil: undefined }),
        (to, amount, points, memo) => {
          const values = memo === undefined ? [to, amount, points] : [to, amount, points, memo];
          expect(decodeAbiArgs(PARAMS, encodeAbiArgs(PARAMS, values, structs), structs)).toEqual(values);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses bytes of another layout: too short, or bytes left over', () => {
    const bytes = encodeAbiArgs([p('n', 'u64')], [5n]);
    const short = (() => {
      try {
        return decodeAbiArgs([p('n', 'u64'), p('m', 'u64')], bytes);
      } catch (error) {
        return error;
      }
    })();
    expect(isCodecError(short)).toBe(true);
    expect(() => decodeAbiArgs([p('n', 'u32')], bytes)).toThrow('the arguments has 4 unexpected trailing byte(s) after offset 4');
  });
});
