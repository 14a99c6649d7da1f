import { Args, ArrayType } from '@mason/codec';
import type { AbiFunction, AbiStruct } from '@mason/codec/base';
import { describe, expect, it } from 'vitest';
import { encodeAbiValues } from '../src/abiArgs.js';
import { decodeAbiResult } from '../src/abiResult.js';
import { CliError } from '../src/errors.js';

const ALICE = 'AU12dG5xP1RDEB5ocdHkymNVvvSJmUL9BgHwCksDowqmGWxfpm93x';
const structs: Record<string, AbiStruct> = {
  Point: {
    fields: [
      { name: 'x', type: 'i32' },
      { name: 'label', type: 'string' },
    ],
  },
};
const fn = (params: AbiFunction['params'], returns: AbiFunction['returns'] = null): AbiFunction => ({
  name: 'f',
  params,
  returns,
  events: [],
  complete: true,
  notes: [],
});
const transfer: AbiFunction = {
  ...fn([
    { name: 'to', type: 'string', format: 'address' },
    { name: 'amount', type: 'u64' },
  ]),
  name: 'transfer',
};

function cliError(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error as CliError;
    throw error;
  }
  throw new Error('no error');
}

describe('plain values checked against the ABI', () => {
  it('encodes each value as its parameter type: scalars, arrays (JSON or comma-separated), structs as JSON', () => {
    expect(encodeAbiValues(transfer, [ALICE, '5'], {}, 'token')).toEqual(new Args().addString(ALICE).addU64(5n).serialize());
    const many = fn([
      { name: 'ok', type: 'bool' },
      { name: 'big', type: 'u256' },
      { name: 'ids', type: 'u32[]' },
      { name: 'names', type: 'string[]' },
      { name: 'at', type: 'Point' },
      { name: 'data', type: 'bytes' },
      { name: 'x', type: 'f32' },
    ]);
    const bytes = encodeAbiValues(many, ['true', String(2n ** 200n), '1,2', '["a","b c"]', '{"x":-1,"label":"o"}', '0x0a0b', '1.5'], structs, 'c');
    const expected = new Args()
      .addBool(true)
      .addU256(2n ** 200n)
      .addArray([1, 2], ArrayType.U32)
      .addArray(['a', 'b c'], ArrayType.STRING)
      .addI32(-1)
      .addString('o')
      .addUint8Array(Uint8Array.of(10, 11))
      .addF32(1.5)
      .serialize();
    expect(bytes).toEqual(expected);
  });

  it('refuses a wrong count, naming the signature', () => {
    const error = cliError(() => encodeAbiValues(transfer, [ALICE], {}, 'token'));
    expect(error.code).toBe('MASON_CLI_ABI_ARITY');
    expect(error.message).toContain('transfer takes 2 argument(s) (to: string, amount: u64), 1 given');
  });

  it('reports every wrong value at once, with the parameter and its type', () => {
    const error = cliError(() => encodeAbiValues(transfer, ['AU1nope', '-5'], {}, 'token'));
    expect(error.code).toBe('MASON_CLI_ABI_BAD_VALUES');
    expect(error.message).toContain('to (string): "AU1nope" is not a Massa address');
    expect(error.message).toContain('amount (u64): -5 is out of range (0 to 18446744073709551615)');
    expect(cliError(() => encodeAbiValues(transfer, [ALICE, 'five'], {}, 'token')).message).toContain('amount (u64): "five" is not an integer');
    expect(cliError(() => encodeAbiValues(fn([{ name: 'at', type: 'Point' }]), ['{"x":1}'], structs, 'c')).message).toContain(
      'at.label (string): the field is missing',
    );
  });

  it('refuses plain values for a function whose parameters the ABI does not know', () => {
    const unknown = { ...fn('unknown'), notes: ['arguments are read in a loop'] };
    const error = cliError(() => encodeAbiValues(unknown, ['1'], {}, 'c'));
    expect(error.code).toBe('MASON_CLI_ABI_UNKNOWN_PARAMS');
    expect(error.message).toContain('arguments are read in a loop');
  });
});

describe('results decoded by the ABI', () => {
  it('decodes raw and Args results, for people and for --json', () => {
    expect(decodeAbiResult(new Args().addU64(1000n).serialize(), fn([], { encoding: 'raw', type: 'u64' }), {})).toEqual({ text: '1000', json: '1000' });
    expect(decodeAbiResult(new TextEncoder().encode('Mason'), fn([], { encoding: 'raw', type: 'string' }), {})).toEqual({ text: 'Mason', json: 'Mason' });
    const pair = new Args().addI32(2).addString('p').serialize();
    expect(decodeAbiResult(pair, fn([], { encoding: 'args', values: [{ name: 'at', type: 'Point' }] }), structs)).toEqual({
      text: '{"x":2,"label":"p"}',
      json: { x: 2, label: 'p' },
    });
    expect(decodeAbiResult(Uint8Array.of(1), fn([], null), {})).toBeNull();
  });

  it('refuses bytes that are not what the ABI says, showing them', () => {
    const error = cliError(() => decodeAbiResult(Uint8Array.of(1, 2, 3), fn([], { encoding: 'raw', type: 'u64' }), {}));
    expect(error.code).toBe('MASON_CLI_ABI_BAD_RESULT');
    expect(error.message).toContain('returned 3 byte(s) (0x010203)');
  });
});
