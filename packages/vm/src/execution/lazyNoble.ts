import { createRequire } from 'node:module';

type Secp256k1 = typeof import('@noble/curves/secp256k1').secp256k1;
type Keccak256 = typeof import('@noble/hashes/sha3').keccak_256;

// @noble's code that only the EVM host functions need, loaded at their first call, synchronously
// as a host function runs (the CommonJS builds): every process and worker that loads the VM paid
// for it before, and hardly any uses it. The devnet's worker bundles replace this file with the
// same loaders as bundled requires (packages/devnet/scripts/bundle-workers.mjs).
const requireFromVm = createRequire(import.meta.url);
let curve: Secp256k1 | undefined;
let keccak: Keccak256 | undefined;

/** secp256k1 (20–40 ms to load and set up). */
export function secp256k1(): Secp256k1 {
  curve ??= (requireFromVm('@noble/curves/secp256k1') as typeof import('@noble/curves/secp256k1')).secp256k1;
  return curve;
}

/** keccak256 (~5 ms to load): the stand-in for hash-wasm's during the milliseconds it takes to load (fastHashes.ts). */
export function nobleKeccak256(): Keccak256 {
  keccak ??= (requireFromVm('@noble/hashes/sha3') as typeof import('@noble/hashes/sha3')).keccak_256;
  return keccak;
}
