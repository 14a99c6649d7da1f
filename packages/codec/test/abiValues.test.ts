import { describe, expect, it } from 'vitest';
import { Args, ArrayType, decodeAbiReturns, encodeAbiArgs, isCodecError, parseAbi, type AbiStruct, type AbiValue } from '../src/index.js';

const structs: Record<string, AbiStruct> = {
  Point: {
    fields: [
      { name: 'x', type: 'i32' },
      { name: 'label', type: 'string' },
    ],
  },
};
const p = (name: string, type: string, extra: Partial<AbiValue> = {}): AbiValue => ({ name, type, ...extra });

function codecError(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isCodecError(error)) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('encodeAbiArgs', () => {
  it('writes each parameter as Args does, arrays and structs included', () => {
    const bytes = encodeAbiArgs(
      [
        p('to', 'string'),
        p('amount', 'u256'),
        p('ok', 'bool'),
        p('ids', 'u64[]'),
        p('names', 'string[]'),
        p('at', 'Point'),
        p('path', 'Point[]'),
        p('x', 'f64'),
        p('data', 'bytes'),
      ],
      ['AU1x', 5n, true, [1, 2n], ['a', 'bc'], { x: -3, label: 'o' }, [{ x: 1, label: '' }], 1.5, new Uint8Array([9])],
      structs,
    );
    const point = (x: number, label: string) => new Args().addI32(x).addString(label).serialize();
    const pointArray = point(1, '');
    const expected = new Args()
      .addString('AU1x')
      .addU256(5n)
      .addBool(true)
      .addArray([1n, 2n], ArrayType.U64)
      .addArray(['a', 'bc'], ArrayType.STRING)
      .addSerializable({ serialize: () => point(-3, 'o') })
      .addUint8Array(pointArray)
      .addF64(1.5)
      .addUint8Array(new Uint8Array([9]))
      .serialize();
    expect(bytes).toEqual(expected);
  });

  it('refuses a wrong value or count, naming the parameter and its type', () => {
    const params = [p('to', 'string'), p('amount', 'u64')];
    expect(codecError(() => encodeAbiArgs(params, ['AU1x', -1n])).message).toContain('amount (u64): -1 is out of range (0 to 18446744073709551615)');
    expect(codecError(() => encodeAbiArgs(params, ['AU1x', 'ten'])).message).toContain('amount (u64): "ten" is not an integer');
    expect(codecError(() => encodeAbiArgs(params, ['AU1x'])).message).toContain('it takes 2 argument(s), 1 given');
    expect(codecError(() => encodeAbiArgs([p('at', 'Point')], [{ x: 1 }], structs)).message).toContain('at.label (string): the field is missing');
    expect(codecError(() => encodeAbiArgs([p('a', 'unknown')], [1])).code).toBe('MASON_CODEC_ABI_VALUE');
  });

  it('lets optional parameters be left out', () => {
    expect(encodeAbiArgs([p('amount', 'u64'), p('memo', 'string', { optional: true })], [7n])).toEqual(new Args().addU64(7n).serialize());
  });
});

describe('decodeAbiReturns', () => {
  it('reads raw values (a string as bare UTF-8) and Args values', () => {
    expect(decodeAbiReturns(new TextEncoder().encode('Mason'), { encoding: 'raw', type: 'string' })).toBe('Mason');
    expect(decodeAbiReturns(new Args().addU256(10n ** 30n).serialize(), { encoding: 'raw', type: 'u256' })).toBe(10n ** 30n);
    expect(decodeAbiReturns(Uint8Array.of(1), { encoding: 'raw', type: 'bool' })).toBe(true);
    expect(decodeAbiReturns(Uint8Array.of(200), { encoding: 'raw', type: 'u8' })).toBe(200);
    const two = new Args().addI32(-4).addString('x').serialize();
    expect(decodeAbiReturns(two, { encoding: 'args', values: [p('a', 'i32'), p('b', 'string')] })).toEqual([-4, 'x']);
    expect(decodeAbiReturns(new Args().addI32(2).addString('p').serialize(), { encoding: 'args', values: [p('at', 'Point')] }, structs)).toEqual({
      x: 2,
      label: 'p',
    });
  });

  it('refuses bytes of another shape', () => {
    expect(codecError(() => decodeAbiReturns(Uint8Array.of(1, 2), { encoding: 'raw', type: 'u64' })).code).toBe('MASON_CODEC_LENGTH_INVALID');
    expect(codecError(() => decodeAbiReturns(Uint8Array.of(2), { encoding: 'raw', type: 'bool' })).code).toBe('MASON_CODEC_ABI_VALUE');
    const extra = new Args().addI32(1).addI32(2).serialize();
    expect(codecError(() => decodeAbiReturns(extra, { encoding: 'args', values: [p('a', 'i32')] })).code).toBe('MASON_CODEC_TRAILING_BYTES');
  });
});

describe('parseAbi', () => {
  const abi = {
    format: 'mason-abi/1',
    contract: 'c',
    source: 'a.ts',
    functions: [{ name: 'f', params: [{ name: 'a', type: 'u8' }], returns: null, events: [], complete: true, notes: [] }],
    structs: {},
  };

  it('reads a valid file and refuses another format or a malformed field, naming it', () => {
    expect(parseAbi(JSON.stringify(abi)).functions[0]!.name).toBe('f');
    expect(codecError(() => parseAbi(JSON.stringify({ ...abi, format: 'mason-abi/9' }))).message).toContain('format: "mason-abi/9" is not supported');
    const badParam = { ...abi, functions: [{ ...abi.functions[0], params: [{ name: 1, type: 'u8' }] }] };
    expect(codecError(() => parseAbi(JSON.stringify(badParam))).message).toContain('functions[0].params[0].name');
    expect(codecError(() => parseAbi('{')).code).toBe('MASON_CODEC_ABI_INVALID');
  });
});
