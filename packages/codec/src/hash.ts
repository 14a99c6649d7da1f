import { sha256 as nobleSha256 } from '@noble/hashes/sha256';
// Its blake3 file alone (21 KB), not the package's index of every algorithm (280 KB): loading it
// takes ~13 ms instead of ~35 ms, which every process using the codec pays at start.
import hashWasmBlake3 from 'hash-wasm/dist/blake3.umd.min.js';

// hash-wasm's WebAssembly blake3 (shipped inside the package) is about 8× faster than @noble's
// pure JavaScript on the short inputs hashed everywhere (operation ids, addresses, block headers)
// and gives the same bytes (tested); @noble stays the fallback where WebAssembly is unavailable.
const wasmBlake3 = await hashWasmBlake3.createBLAKE3().catch(() => undefined);
// Loaded only where it is needed (module loading is a good part of a CLI command's time).
const nobleBlake3 = wasmBlake3 ? undefined : (await import('@noble/hashes/blake3')).blake3;

/** The hash Massa uses everywhere: addresses, operation ids, signatures. */
export function blake3(data: Uint8Array): Uint8Array {
  return wasmBlake3 ? wasmBlake3.init().update(data).digest('binary') : nobleBlake3!(data);
}

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}
