import { blake3 as nobleBlake3 } from '@noble/hashes/blake3';
import { sha256 as nobleSha256 } from '@noble/hashes/sha256';

/** The hash Massa uses everywhere: addresses, operation ids, signatures. */
export function blake3(data: Uint8Array): Uint8Array {
  return nobleBlake3(data);
}

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}
