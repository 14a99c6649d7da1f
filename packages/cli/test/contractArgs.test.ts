import { Args } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { encodeContractArgs } from '../src/contractArgs.js';

describe('command-line contract arguments', () => {
  it('serializes type:value arguments in order, as Args does', () => {
    const bytes = encodeContractArgs(['i32:2', 'i32:-3', 'string:Mason:x', 'bool:true', 'u64:18446744073709551615', 'bytes:0a0b', 'f64:1.5', 'u256:1']);
    const expected = new Args()
      .addI32(2)
      .addI32(-3)
      .addString('Mason:x')
      .addBool(true)
      .addU64(18446744073709551615n)
      .addUint8Array(Uint8Array.of(10, 11))
      .addF64(1.5)
      .addU256(1n)
      .serialize();
    expect(bytes).toEqual(expected);
  });

  it('refuses what it cannot encode, saying how to write it', () => {
    expect(() => encodeContractArgs(['2'])).toThrow(/type:value/);
    expect(() => encodeContractArgs(['i33:2'])).toThrow(/type:value/);
    expect(() => encodeContractArgs(['u8:256'])).toThrow(/u8:256/);
    expect(() => encodeContractArgs(['i32:two'])).toThrow(/not an integer/);
    expect(() => encodeContractArgs(['bool:yes'])).toThrow(/true or false/);
    expect(() => encodeContractArgs(['bytes:zz'])).toThrow(/bytes:zz/);
  });
});
