import { createHash } from 'node:crypto';
import { createBLAKE3, createKeccak } from 'hash-wasm';

// Host functions hash contract-supplied buffers of up to the whole 4 MiB memory for a fixed gas
// cost, so the hash speed bounds their wall time per gas. @noble's pure-JS blake3 runs at about
// 25 MB/s; hash-wasm's WebAssembly build (shipped inside the package, no install script) at about
// 475 MB/s, and sha256 comes from Node's native OpenSSL. Same bytes as @noble (tested).
const blake3Hasher = await createBLAKE3();
const keccakHasher = await createKeccak(256);

export function fastBlake3(data: Uint8Array): Uint8Array {
  return blake3Hasher.init().update(data).digest('binary');
}

/** keccak256 of the concatenation of `parts` (no copy of the parts). */
export function fastKeccak256(...parts: Uint8Array[]): Uint8Array {
  const hasher = keccakHasher.init();
  for (const part of parts) hasher.update(part);
  return hasher.digest('binary');
}

export function fastSha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}
