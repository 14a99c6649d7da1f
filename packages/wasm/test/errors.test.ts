import { DOCS_BASE_URL, isMasonError } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { isWasmError, parseModule, WasmFormatError } from '../src/index.js';

function parseError(bytes: Uint8Array): unknown {
  try {
    parseModule(bytes);
  } catch (error) {
    return error;
  }
  throw new Error('parseModule accepted the bytes');
}

describe('WasmFormatError', () => {
  it('has the wasm code, the reason and offset as context, and the message with the offset', () => {
    const error = parseError(Uint8Array.of(0, 0x61, 0x73, 0x6d, 2, 0, 0, 0));
    expect(error).toBeInstanceOf(WasmFormatError);
    expect(isWasmError(error, 'MASON_WASM_MALFORMED')).toBe(true);
    expect(isMasonError(error, 'MASON_WASM_MALFORMED')).toBe(true);
    expect(isMasonError(error, 'MASON_VM_INVALID_BYTECODE')).toBe(false);
    const wasm = error as WasmFormatError;
    expect(wasm.name).toBe('WasmFormatError');
    expect(wasm.message).toBe('unknown binary version (at offset 0x4)');
    expect(wasm.context).toEqual({ reason: 'unknown binary version', offset: 4, hexOffset: '4' });
    expect(wasm.offset).toBe(4);
    expect(wasm.docs).toBe(`${DOCS_BASE_URL}wasm.md#mason_wasm_malformed`);
  });

  it('writes the offset in hexadecimal', () => {
    expect(new WasmFormatError('section out of bounds', 0x1f).message).toBe('section out of bounds (at offset 0x1f)');
  });
});
