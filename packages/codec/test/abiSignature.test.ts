import { describe, expect, it } from 'vitest';
import type { AbiFunction } from '../src/abi.js';
import { abiSignature } from '../src/abiSignature.js';

const fn = (partial: Partial<AbiFunction>): AbiFunction => ({ name: 'f', params: [], returns: null, events: [], complete: true, ...partial }) as AbiFunction;

describe('abiSignature', () => {
  it('writes parameters by name and type, optional ones with ?, unnamed ones by position, and what it returns', () => {
    expect(
      abiSignature(
        fn({
          name: 'transfer',
          params: [
            { name: 'to', type: 'string', format: 'address' },
            { name: 'amount', type: 'u256' },
          ],
          returns: { encoding: 'raw', type: 'bool' },
        }),
      ),
    ).toBe('transfer(to: string, amount: u256) → bool');
    expect(
      abiSignature(
        fn({
          name: 'mint',
          params: [
            { name: null, type: 'u64' },
            { name: 'memo', type: 'string', optional: true },
          ],
        }),
      ),
    ).toBe('mint(arg1: u64, memo?: string)');
    expect(
      abiSignature(
        fn({
          name: 'pair',
          returns: {
            encoding: 'args',
            values: [
              { name: 'a', type: 'u8' },
              { name: null, type: 'bytes' },
            ],
          },
        }),
      ),
    ).toBe('pair() → (a: u8, arg2: bytes)');
  });

  it('shows ? where the ABI does not know', () => {
    expect(abiSignature(fn({ name: 'raw', params: 'unknown', returns: { encoding: 'unknown' }, complete: false }))).toBe('raw(?) → ?');
  });
});
