import { describe, expect, it } from 'vitest';
import { parseModule, WasmFormatError } from '../src/index.js';
import { buildWasm, I32 } from '@mason/test-utils';

const valid = buildWasm({ memory: { min: 1 }, functions: [{ body: [], export: 'main' }] });

function failure(bytes: Uint8Array): WasmFormatError {
  try {
    parseModule(bytes);
  } catch (error) {
    if (error instanceof WasmFormatError) return error;
    throw error;
  }
  throw new Error('parseModule accepted the bytes');
}

describe('parseModule on hostile bytes', () => {
  it('refuses a wrong magic number or version, with the offset', () => {
    expect(failure(Uint8Array.of(0, 0x61, 0x73, 0x6e, 1, 0, 0, 0)).message).toMatch(/bad magic number/);
    const version = failure(Uint8Array.of(0, 0x61, 0x73, 0x6d, 2, 0, 0, 0));
    expect(version.message).toMatch(/unknown binary version/);
    expect(version.offset).toBe(4);
  });

  it('refuses every truncation of a valid module inside a section with a format error, never another exception', () => {
    const boundaries = new Set(parseModule(valid).sections.map((section) => section.end));
    for (let length = 0; length < valid.length; length++) {
      if (length === 8 || boundaries.has(length)) continue; // whole sections: a shorter module, possibly valid
      expect(failure(valid.subarray(0, length))).toBeInstanceOf(WasmFormatError);
    }
    expect(parseModule(valid.subarray(0, 8)).exports).toEqual([]);
  });

  it('survives random corruption: each flipped byte either parses or throws a format error', () => {
    let seed = 0x2545f491;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 2 ** 24;
    for (let round = 0; round < 2000; round++) {
      const bytes = valid.slice();
      bytes[8 + Math.floor(random() * (bytes.length - 8))] = Math.floor(random() * 256);
      try {
        parseModule(bytes);
      } catch (error) {
        expect(error, `round ${round} (seed 0x2545f491)`).toBeInstanceOf(WasmFormatError);
      }
    }
  });

  it('refuses a LEB128 that does not fit in 32 bits and a section that overruns the module', () => {
    expect(failure(Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff, 0x7f)).message).toMatch(/integer too large/);
    expect(failure(Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 100, 0)).message).toMatch(/section out of bounds/);
  });

  it('refuses sections out of order and the features a node disables', () => {
    const twoTypes = Uint8Array.of(...valid.subarray(0, 8), 1, 1, 0, 1, 1, 0);
    expect(failure(twoTypes).message).toMatch(/section out of order/);
    expect(failure(buildWasm({ functions: [{ params: [0x7b], body: [] }] })).message).toMatch(/SIMD support is not enabled/);
    expect(failure(buildWasm({ functions: [{ results: [I32, I32], body: [0x41, 0, 0x41, 0] }] })).message).toMatch(/multi-value/);
  });

  it('reads the data count section', () => {
    const withDataCount = Uint8Array.of(...valid.subarray(0, 8), 12, 1, 3);
    expect(parseModule(withDataCount).dataCount).toBe(3);
    expect(parseModule(valid).dataCount).toBeUndefined();
  });
});
