import { describe, expect, it } from 'vitest';
import { ABI_FORMAT, decodeAbiCall, encodeAbiArgs, type Abi, type AbiFunction, type AbiValue } from '../src/index.js';

const p = (name: string, type: string, extra: Partial<AbiValue> = {}): AbiValue => ({ name, type, ...extra });
const fn = (name: string, params: AbiFunction['params'], returns: AbiFunction['returns']): AbiFunction => ({
  name,
  params,
  returns,
  events: [],
  complete: true,
  notes: [],
});
const TRANSFER = [p('to', 'string', { format: 'address' }), p('amount', 'u64')];
const ABI: Abi = {
  format: ABI_FORMAT,
  contract: 'token',
  source: 'assembly/contracts/token.ts',
  functions: [
    fn('transfer', TRANSFER, { encoding: 'raw', type: 'u64' }),
    fn('mystery', 'unknown', { encoding: 'unknown' }),
    fn('pair', [], { encoding: 'args', values: [p('a', 'u8'), p('b', 'string')] }),
  ],
  structs: {},
};
const u64 = (value: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
};

describe('decodeAbiCall', () => {
  it('pairs each argument with its parameter and decodes the result by the return layout', () => {
    const call = decodeAbiCall(ABI, 'transfer', encodeAbiArgs(TRANSFER, ['AU1abc', 250n]), u64(750n));
    expect(call?.function.name).toBe('transfer');
    expect(call?.args).toEqual([
      { param: TRANSFER[0], value: 'AU1abc' },
      { param: TRANSFER[1], value: 250n },
    ]);
    expect(call?.returned).toBe(750n);
    expect(decodeAbiCall(ABI, 'pair', undefined, encodeAbiArgs([p('a', 'u8'), p('b', 'string')], [7, 'x']))?.returned).toEqual([7, 'x']);
  });

  it('gives null parts, never throws, for bytes of another layout or an unknown layout', () => {
    const call = decodeAbiCall(ABI, 'transfer', new Uint8Array([1, 2, 3]), new Uint8Array([1]));
    expect(call).toMatchObject({ args: null, returned: null });
    expect(decodeAbiCall(ABI, 'mystery', new Uint8Array([1]), new Uint8Array([2]))).toMatchObject({ args: null, returned: null });
    // Nothing returned is not a result of zero bytes.
    expect(decodeAbiCall(ABI, 'transfer', encodeAbiArgs(TRANSFER, ['AU1abc', 1n]), undefined)?.returned).toBeNull();
  });

  it('is null for a function the ABI does not have', () => {
    expect(decodeAbiCall(ABI, 'burn', undefined, undefined)).toBeNull();
  });
});
