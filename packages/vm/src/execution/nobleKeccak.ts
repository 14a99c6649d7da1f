import { createRequire } from 'node:module';

type Keccak256 = typeof import('@noble/hashes/sha3').keccak_256;

// @noble's keccak256 stands in for hash-wasm's (fastHashes.ts) during the few milliseconds its
// WebAssembly takes to load. Loading it costs ~5 ms, which every process and worker loading the
// VM paid though hardly any uses it; it is loaded at the first call that needs it instead,
// synchronously as a host function runs (its CommonJS build; the devnet's worker bundles inline
// it the same way).
const requireFromVm = createRequire(import.meta.url);
let keccak: Keccak256 | undefined;

export function nobleKeccak256(): Keccak256 {
  keccak ??= (requireFromVm('@noble/hashes/sha3') as typeof import('@noble/hashes/sha3')).keccak_256;
  return keccak;
}
