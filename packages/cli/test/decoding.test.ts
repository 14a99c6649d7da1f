import { Args, toHex } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/errors.js';
import { decodeReturn } from '../src/decodeReturn.js';
import { argsStringArray, eventText, rawEventBytes } from '@mason/codec/base';
import { wasmFunctionExports } from '../src/wasmExports.js';

describe('--returns: what a function returned, as the SDK writes it', () => {
  it('reads numbers little-endian (u64ToBytes and Args give the same bytes), signed where asked', () => {
    expect(decodeReturn(new Args().addU64(1_000_000_000_000n).serialize(), 'u64')).toEqual({ text: '1000000000000', json: '1000000000000' });
    expect(decodeReturn(new Args().addI64(-5n).serialize(), 'i64')).toEqual({ text: '-5', json: '-5' });
    expect(decodeReturn(new Args().addI32(-7).serialize(), 'i32')).toEqual({ text: '-7', json: -7 });
    expect(decodeReturn(new Args().addU32(4_294_967_295).serialize(), 'u32')).toEqual({ text: '4294967295', json: 4_294_967_295 });
    expect(decodeReturn(Uint8Array.of(9), 'u8')).toEqual({ text: '9', json: 9 });
    expect(decodeReturn(new Args().addU128((1n << 128n) - 1n).serialize(), 'u128').text).toBe(String((1n << 128n) - 1n));
    expect(decodeReturn(new Args().addU256(123n).serialize(), 'u256').json).toBe('123');
    expect(decodeReturn(new Args().addF64(1.5).serialize(), 'f64')).toEqual({ text: '1.5', json: 1.5 });
    expect(decodeReturn(new Args().addF32(0.5).serialize(), 'f32')).toEqual({ text: '0.5', json: 0.5 });
    expect(decodeReturn(new Args().addF64(Number.NaN).serialize(), 'f64')).toEqual({ text: 'NaN', json: 'NaN' });
  });

  it('reads bools, strings raw or Args-encoded, and bytes as hex', () => {
    expect(decodeReturn(Uint8Array.of(1), 'bool')).toEqual({ text: 'true', json: true });
    expect(decodeReturn(Uint8Array.of(0), 'bool')).toEqual({ text: 'false', json: false });
    expect(decodeReturn(new TextEncoder().encode('MasonToken'), 'string')).toEqual({ text: 'MasonToken', json: 'MasonToken' });
    expect(decodeReturn(new Args().addString('MSN').serialize(), 'string')).toEqual({ text: 'MSN', json: 'MSN' });
    expect(decodeReturn(new Uint8Array(), 'string')).toEqual({ text: '', json: '' });
    expect(decodeReturn(Uint8Array.of(0, 255), 'bytes')).toEqual({ text: '0x00ff', json: '00ff' });
  });

  it('refuses bytes that are not the type asked for, showing them', () => {
    const refuse = (bytes: Uint8Array, type: Parameters<typeof decodeReturn>[1]) => {
      try {
        decodeReturn(bytes, type);
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        expect((error as CliError).code).toBe('MASON_CLI_BAD_RETURNS');
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refuse(Uint8Array.of(1, 2, 3, 4), 'u64')).toBe(
      '--returns u64: the function returned 4 byte(s) (0x01020304), which is not a u64: a u64 is 8 bytes. Leave out --returns to see the raw bytes.',
    );
    expect(refuse(Uint8Array.of(2), 'bool')).toContain('a bool is one byte, 0 or 1');
    expect(refuse(Uint8Array.of(0xff, 0xfe), 'string')).toContain('it is not printable UTF-8 text');
    expect(refuse(new Uint8Array(), 'u8')).toContain('a u8 is 1 byte');
    expect(refuse(new Uint8Array(8), 'f32')).toContain('a f32 is 4 bytes');
  });
});

describe('events as people read them', () => {
  const deployed = 'AS12BqZEQ6sByhRLyEuf5rKTFgmTRf4CxU3wqVEb7BCxprXFX8vKz';

  it("decodes the deployer's raw event (Args array of addresses, base64) and other raw bytes", () => {
    const raw = Buffer.from(new Args().addArray([deployed], 0).serialize()).toString('base64');
    expect(argsStringArray(rawEventBytes(raw)!)).toEqual([deployed]);
    expect(eventText(raw)).toBe(`(raw event) ${deployed}`);
    expect(eventText(Buffer.from(new Uint8Array(13).fill(0xfe)).toString('base64'))).toBe(`(raw event) 0x${'fe'.repeat(13)}`);
    // Short: it may be a word that happens to be base64, so its text is shown too.
    expect(eventText('abcd1234')).toBe('(raw event) 0x69b71dd76df8 — as text: abcd1234');
  });

  it('leaves text alone, even text that happens to be valid base64, and unwraps execution errors', () => {
    for (const text of [
      'Transfer',
      'Sum: 2 + 3 = 5',
      'Contract deployed at address: ' + deployed,
      'TRANSFER:AU1,AU2,1000',
      'Transfers',
      Buffer.from('hello world!').toString('base64'),
    ]) {
      expect(eventText(text)).toBe(text);
    }
    expect(eventText(JSON.stringify({ massa_execution_error: 'boom' }))).toBe('boom');
    expect(eventText('{"not":"an error"}')).toBe('{"not":"an error"}');
  });
});

describe('exports read from a WebAssembly module', () => {
  // (module (func (export "sum")) (func (export "__new")) (memory (export "memory") 1))
  // biome-ignore format: wasm bytes, one section per line
  const module = Uint8Array.of(
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type: () -> ()
    0x03, 0x03, 0x02, 0x00, 0x00, // two functions of type 0
    0x05, 0x03, 0x01, 0x00, 0x01, // memory 1
    0x07, 0x18, 0x03, 0x03, 0x73, 0x75, 0x6d, 0x00, 0x00, 0x05, 0x5f, 0x5f, 0x6e, 0x65, 0x77, 0x00, 0x01, 0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00,
    0x0a, 0x07, 0x02, 0x02, 0x00, 0x0b, 0x02, 0x00, 0x0b, // two empty bodies
  );

  it('lists exported functions only, and gives up on what is not a module', () => {
    expect(toHex(module.subarray(0, 4))).toBe('0061736d');
    expect(wasmFunctionExports(module)).toEqual(['sum', '__new']);
    expect(wasmFunctionExports(module.subarray(0, 30))).toBeNull();
    expect(wasmFunctionExports(Uint8Array.of(1, 2, 3))).toBeNull();
    expect(wasmFunctionExports(module.subarray(0, 8))).toEqual([]);
  });
});
