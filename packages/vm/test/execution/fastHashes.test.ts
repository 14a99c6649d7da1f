import { blake3 } from '@noble/hashes/blake3';
import { sha256 } from '@noble/hashes/sha256';
import { keccak_256 } from '@noble/hashes/sha3';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fastBlake3, fastKeccak256, fastSha256, wasmKeccakReady } from '../../src/execution/fastHashes.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const patterned = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + (i >> 8)) & 0xff);
// Around BLAKE3's 64-byte blocks and 1024-byte chunks, and the VM's whole 4 MiB memory.
const LENGTHS = [0, 1, 63, 64, 65, 1023, 1024, 1025, 2048, 4097, 65_536, 1_000_003, 4 * 1024 * 1024];

describe('fast hashes', () => {
  beforeAll(() => wasmKeccakReady());

  it('match the published empty-input digests', () => {
    expect(hex(fastBlake3(new Uint8Array()))).toBe('af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262');
    expect(hex(fastKeccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(hex(fastSha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each(LENGTHS)('give the same bytes as @noble for %i bytes', (length) => {
    const data = patterned(length);
    expect(hex(fastBlake3(data))).toBe(hex(blake3(data)));
    expect(hex(fastKeccak256(data))).toBe(hex(keccak_256(data)));
    expect(hex(fastSha256(data))).toBe(hex(sha256(data)));
  });

  it('hash the concatenation of several parts without copying them', () => {
    const data = patterned(100_000);
    expect(hex(fastKeccak256(data.subarray(0, 26), data.subarray(26)))).toBe(hex(keccak_256(data)));
  });

  it('do not depend on the previous input (the hasher is reused)', () => {
    const first = fastBlake3(patterned(5000));
    fastBlake3(patterned(70));
    expect(hex(fastBlake3(patterned(5000)))).toBe(hex(first));
  });

  it('return a digest the caller owns', () => {
    const digest = fastBlake3(patterned(10));
    fastBlake3(patterned(20));
    expect(hex(digest)).toBe(hex(blake3(patterned(10))));
  });
});

describe('keccak256 before its WebAssembly build is ready', () => {
  it('starts loading the WebAssembly build with the module, before any call (an execution could not wait for it)', async () => {
    vi.resetModules();
    const fresh = await import('../../src/execution/fastHashes.js');
    await fresh.wasmKeccakReady();
    expect(fresh.keccakBackend()).toBe('wasm');
  });

  it('gives the same bytes with @noble meanwhile, then with WebAssembly', async () => {
    vi.resetModules();
    const fresh = await import('../../src/execution/fastHashes.js');
    const data = patterned(70_000);
    const parts = [data.subarray(0, 13), data.subarray(13)];
    // The module has just loaded: its WebAssembly build is still loading.
    const early = hex(fresh.fastKeccak256(...parts));
    await fresh.wasmKeccakReady();
    expect(early).toBe(hex(keccak_256(data)));
    expect(hex(fresh.fastKeccak256(...parts))).toBe(early);
    expect(hex(fresh.fastKeccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
});
