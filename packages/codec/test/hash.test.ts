import { blake3 as nobleBlake3 } from '@noble/hashes/blake3';
import { sha256 as nobleSha256 } from '@noble/hashes/sha256';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blake3Js } from '../src/blake3.js';
import { blake3, blake3WasmReady, sha256 } from '../src/hash.js';

// The codec hashes with its own JavaScript blake3, and large inputs with hash-wasm's WebAssembly
// once loaded: both must give @noble's bytes exactly.

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed * 7) & 0xff);

// Around the block (64) and chunk (1024) sizes, chunk counts that are and are not powers of two
// (the tree's shape), and the size from which hash-wasm takes over (64 KiB).
const LENGTHS = [0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 1023, 1024, 1025, 2047, 2048, 2049, 3072, 3073, 4097, 8193, 65_535, 65_536, 100_003, 1 << 20];

describe('blake3', () => {
  it("gives @noble's digest on every length around its block, chunk and tree sizes (JavaScript)", () => {
    for (const length of LENGTHS) {
      const data = bytes(length, length);
      expect(blake3Js(data), `length ${length}`).toEqual(nobleBlake3(data));
    }
  });

  it("gives @noble's digest on any input (JavaScript)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (data) => {
        expect(blake3Js(data)).toEqual(nobleBlake3(data));
      }),
      { numRuns: 200 },
    );
  });

  it("gives @noble's digest with hash-wasm's build on large inputs, before and once it is loaded", async () => {
    const large = bytes(200_000, 9);
    expect(blake3(large)).toEqual(nobleBlake3(large));
    await blake3WasmReady();
    for (const length of LENGTHS) {
      const data = bytes(length, length + 1);
      expect(blake3(data), `length ${length}`).toEqual(nobleBlake3(data));
    }
  });

  it('hashes a view by its own bytes, not its whole buffer', async () => {
    const whole = bytes(300, 3);
    const view = whole.subarray(50, 130);
    expect(blake3(view)).toEqual(nobleBlake3(Uint8Array.from(view)));
    const odd = bytes(70_001, 4).subarray(1, 70_000);
    await blake3WasmReady();
    expect(blake3(odd)).toEqual(nobleBlake3(Uint8Array.from(odd)));
  });

  it('returns a new array each time (a caller may keep or change it)', () => {
    const first = blake3(bytes(40, 1));
    const copy = Uint8Array.from(first);
    const second = blake3(bytes(40, 2));
    first.fill(0);
    expect(blake3(bytes(40, 1))).toEqual(copy);
    expect(second).not.toEqual(copy);
  });
});

describe('sha256', () => {
  it("gives the FIPS 180-2 digest of 'abc' and @noble's digest on lengths around its block size", () => {
    expect(Buffer.from(sha256(new TextEncoder().encode('abc'))).toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const length of [0, 1, 55, 56, 63, 64, 65, 1000]) expect(sha256(bytes(length, 5)), `length ${length}`).toEqual(nobleSha256(bytes(length, 5)));
  });

  it('returns a plain Uint8Array of its own (not a Buffer sharing a pool)', () => {
    const digest = sha256(bytes(10, 1));
    expect(Object.getPrototypeOf(digest)).toBe(Uint8Array.prototype);
    expect(digest.byteLength).toBe(digest.buffer.byteLength);
  });
});
