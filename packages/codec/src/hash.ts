import type { IHasher } from 'hash-wasm';
import { blake3Js } from './blake3.js';
import { nodeCrypto } from './nodeCrypto.js';

// blake3 is the codec's own JavaScript (blake3.ts), ready at once and about as fast as
// hash-wasm's WebAssembly on short inputs. From LARGE_INPUT on, hash-wasm's build is ~2.5×
// faster (a contract hashing its memory): it is loaded at the first such input, not at start
// (compiling it took ~8 ms of every process start); such inputs use the JavaScript until then.
const LARGE_INPUT = 64 * 1024;
let wasmBlake3: IHasher | undefined;
let wasmLoading: Promise<void> | undefined;

/** Loads hash-wasm's blake3 file alone (21 KB), not the package's index of every algorithm (280 KB). */
function loadWasmBlake3(): Promise<void> {
  wasmLoading ??= import('hash-wasm/dist/blake3.umd.min.js')
    .then(async ({ default: build }) => {
      wasmBlake3 = await build.createBLAKE3();
    })
    .catch(() => {});
  return wasmLoading;
}

/** The hash Massa uses everywhere: addresses, operation ids, signatures. */
export function blake3(data: Uint8Array): Uint8Array {
  if (data.length < LARGE_INPUT) return blake3Js(data);
  if (wasmBlake3) return wasmBlake3.init().update(data).digest('binary');
  void loadWasmBlake3();
  return blake3Js(data);
}

/** Resolves once large inputs hash with hash-wasm's WebAssembly build (or, if it cannot load, keep to the JavaScript). */
export function blake3WasmReady(): Promise<void> {
  return loadWasmBlake3();
}

type OneShotHash = (algorithm: string, data: Uint8Array, encoding: 'buffer') => Uint8Array;
/** Node's one-shot `crypto.hash` (Node ≥ 20.12), undefined elsewhere. */
export const nodeHash = (nodeCrypto as { hash?: OneShotHash } | undefined)?.hash;
const nobleSha256 = nodeHash ? undefined : (await import('@noble/hashes/sha256')).sha256;

/** SHA-256: Node's one-shot `crypto.hash` when available, @noble's elsewhere (browsers). */
export function sha256(data: Uint8Array): Uint8Array {
  return nodeHash ? new Uint8Array(nodeHash('sha256', data, 'buffer')) : nobleSha256!(data);
}
