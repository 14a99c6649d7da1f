import { blake3, sha256 } from '@mason/codec';
import type { IHasher } from 'hash-wasm';
import { nobleKeccak256 } from './nobleKeccak.js';

// Host functions hash contract-supplied buffers of up to the whole 4 MiB memory for a fixed gas
// cost, so the hash speed bounds their wall time per gas. blake3 and sha256 are the codec's:
// hash-wasm's WebAssembly blake3 (~20× @noble's pure JS) and Node's OpenSSL sha256.
export const fastBlake3 = blake3;
export const fastSha256 = sha256;

// keccak256 is hash-wasm's WebAssembly build (its file alone, not the package's 280 KB index),
// loaded at the first keccak256 call: most processes never make one (only the EVM host functions
// and assembly_script_keccak256_hash do). Its compile is not awaited: on a loaded 2-core machine
// it waits for V8's background threads. Calls made meanwhile (a few milliseconds) use @noble's:
// the same bytes.
let keccakHasher: IHasher | undefined;
let keccakLoading: Promise<void> | undefined;

/** Starts loading hash-wasm's keccak256 (once); resolves when calls use it (or, if it fails, keep using @noble's). */
export function loadWasmKeccak(): Promise<void> {
  keccakLoading ??= import('hash-wasm/dist/keccak.umd.min.js').then(
    async ({ default: hashWasmKeccak }) => {
      keccakHasher = await hashWasmKeccak.createKeccak(256);
    },
    () => {},
  );
  return keccakLoading;
}

/** keccak256 of the concatenation of `parts` (no copy of the parts). */
export function fastKeccak256(...parts: Uint8Array[]): Uint8Array {
  if (keccakHasher) {
    const hasher = keccakHasher.init();
    for (const part of parts) hasher.update(part);
    return hasher.digest('binary');
  }
  void loadWasmKeccak();
  const hasher = nobleKeccak256().create();
  for (const part of parts) hasher.update(part);
  return hasher.digest();
}
