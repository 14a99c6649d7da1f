// Its blake3 file alone (21 KB), not the package's index of every algorithm (280 KB): loading it
// takes ~13 ms instead of ~35 ms, which every process using the codec pays at start.
import hashWasmBlake3 from 'hash-wasm/dist/blake3.umd.min.js';
import { nodeCrypto } from './nodeCrypto.js';

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

type OneShotHash = (algorithm: string, data: Uint8Array, encoding: 'buffer') => Uint8Array;
/** Node's one-shot `crypto.hash` (Node ≥ 20.12), undefined elsewhere. */
export const nodeHash = (nodeCrypto as { hash?: OneShotHash } | undefined)?.hash;
const nobleSha256 = nodeHash ? undefined : (await import('@noble/hashes/sha256')).sha256;

/** SHA-256: Node's one-shot `crypto.hash` when available, @noble's elsewhere (browsers). */
export function sha256(data: Uint8Array): Uint8Array {
  return nodeHash ? new Uint8Array(nodeHash('sha256', data, 'buffer')) : nobleSha256!(data);
}
