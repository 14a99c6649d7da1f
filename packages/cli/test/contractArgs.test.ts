import { Args } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { encodeContractArgs } from '../src/contractArgs.js';
import { CliError } from '../src/errors.js';

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
    expect(() => encodeContractArgs(['2'])).toThrow(/type:value, e\.g\. i32:2/);
    expect(() => encodeContractArgs(['i33:2'])).toThrow(/there is no type "i33" \(types: bool, /);
    expect(() => encodeContractArgs(['u8:256'])).toThrow('--args u8:256: 256 is out of range for u8 (0 to 255)');
    expect(() => encodeContractArgs(['u8:-1'])).toThrow('out of range for u8');
    expect(() => encodeContractArgs(['i8:-129'])).toThrow('-129 is out of range for i8 (-128 to 127)');
    expect(() => encodeContractArgs(['u256:' + (1n << 256n)])).toThrow('out of range for u256');
    expect(() => encodeContractArgs(['i32:two'])).toThrow(/not an integer/);
    expect(() => encodeContractArgs(['i32:1.5'])).toThrow(/not an integer/);
    expect(() => encodeContractArgs(['bool:yes'])).toThrow(/true or false/);
    expect(() => encodeContractArgs(['bytes:zz'])).toThrow(/bytes:zz: bytes are written in hex/);
    expect(() => encodeContractArgs(['bytes:abc'])).toThrow(/bytes:abc: bytes are written in hex/);
    expect(() => encodeContractArgs(['f32:'])).toThrow(/is not a number/);
    expect(() => encodeContractArgs(['str:x'])).toThrow('did you mean string:x?');
    expect(() => encodeContractArgs([':x'])).toThrow('a value is written type:value');
  });

  it('reports every wrong value at once, with a typed error', () => {
    const error = (() => {
      try {
        encodeContractArgs(['i32:1', 'int:2', 'u8:300', 'string:ok']);
      } catch (e) {
        return e as CliError;
      }
    })()!;
    expect(error).toBeInstanceOf(CliError);
    expect(error.code).toBe('MASON_CLI_BAD_ARGS');
    expect(error.message.split('\n')).toEqual([
      expect.stringMatching(/^--args: 2 values are wrong \(types: /),
      '  int:2: there is no type "int": did you mean i32:2?',
      '  u8:300: 300 is out of range for u8 (0 to 255)',
    ]);
  });

  it('takes the edges of each range, hex with 0x, and empty bytes', () => {
    const bytes = encodeContractArgs(['i8:-128', 'u8:255', 'i32:-2147483648', 'bytes:0x0a', 'bytes:']);
    expect(bytes).toEqual(new Args().addI8(-128).addU8(255).addI32(-2147483648).addUint8Array(Uint8Array.of(10)).addUint8Array(new Uint8Array()).serialize());
  });
});
