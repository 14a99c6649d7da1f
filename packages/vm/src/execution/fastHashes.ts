import { blake3, sha256 } from '@mason/codec';
import type { IHasher } from 'hash-wasm';
import { nobleKeccak256 } from './lazyNoble.js';

// Host functions hash contract-supplied buffers of up to the whole 4 MiB memory for a fixed gas
// cost, so the hash speed bounds their wall time per gas. blake3 and sha256 are the codec's: its
// own JavaScript blake3 for short inputs, hash-wasm's WebAssembly build (~20× @noble's pure JS)
// from 64 KiB once loaded at the first such input, and Node's OpenSSL sha256.
export const fastBlake3 = blake3;
export const fastSha256 = sha256;

// keccak256 is hash-wasm's WebAssembly build (its file alone, not the package's 280 KB index).
// Its compile starts when the VM loads and is not awaited: on a loaded 2-core machine the compile
// waits for V8's background threads, and awaiting it held an execution worker's start by ~100 ms.
// Calls made before it is ready (the first milliseconds) use @noble's, loaded then: the same bytes.
// Loading it at the first call instead would leave a whole first execution on @noble's, ~20×
// slower: an execution is synchronous, the WebAssembly build could not arrive during it.
let keccakHasher: IHasher | undefined;
const keccakLoading: Promise<void> = import('hash-wasm/dist/keccak.umd.min.js').then(
  async ({ default: hashWasmKeccak }) => {
    keccakHasher = await hashWasmKeccak.createKeccak(256);
  },
  () => {},
);

/** Resolves once keccak256 calls use hash-wasm's WebAssembly build (or, if it failed to load, keep using @noble's). */
export const wasmKeccakReady = (): Promise<void> => keccakLoading;

/** Which keccak256 calls use now: hash-wasm's WebAssembly build, or @noble's meanwhile. */
export const keccakBackend = (): 'wasm' | 'noble' => (keccakHasher ? 'wasm' : 'noble');

/** keccak256 of the concatenation of `parts` (no copy of the parts). */
export function fastKeccak256(...parts: Uint8Array[]): Uint8Array {
  if (keccakHasher) {
    const hasher = keccakHasher.init();
    for (const part of parts) hasher.update(part);
    return hasher.digest('binary');
  }
  const hasher = nobleKeccak256().create();
  for (const part of parts) hasher.update(part);
  return hasher.digest();
}
