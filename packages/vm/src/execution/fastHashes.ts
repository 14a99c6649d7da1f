import { blake3, sha256 } from '@mason/codec';
import { keccak_256 } from '@noble/hashes/sha3';
import type { IHasher } from 'hash-wasm';
import hashWasmKeccak from 'hash-wasm/dist/keccak.umd.min.js';

// Host functions hash contract-supplied buffers of up to the whole 4 MiB memory for a fixed gas
// cost, so the hash speed bounds their wall time per gas. blake3 and sha256 are the codec's:
// hash-wasm's WebAssembly blake3 (~20× @noble's pure JS) and Node's OpenSSL sha256.
export const fastBlake3 = blake3;
export const fastSha256 = sha256;

// keccak256 is hash-wasm's WebAssembly build (its file alone, not the package's 280 KB index). Its
// compile is not awaited when the module loads: on a loaded 2-core machine the compile waits for
// V8's background threads, and awaiting it held an execution worker's start by ~100 ms. The EVM
// host functions called before it is ready (a few milliseconds) use @noble's: the same bytes.
let keccakHasher: IHasher | undefined;
export const wasmKeccakReady: Promise<void> = hashWasmKeccak.createKeccak(256).then(
  (hasher) => {
    keccakHasher = hasher;
  },
  () => {},
);

/** keccak256 of the concatenation of `parts` (no copy of the parts). */
export function fastKeccak256(...parts: Uint8Array[]): Uint8Array {
  if (keccakHasher) {
    const hasher = keccakHasher.init();
    for (const part of parts) hasher.update(part);
    return hasher.digest('binary');
  }
  const hasher = keccak_256.create();
  for (const part of parts) hasher.update(part);
  return hasher.digest();
}
