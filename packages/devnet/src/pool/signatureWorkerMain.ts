// Entry of a signature worker thread (SignatureWorkers): checks packed Ed25519 records.
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { serveJobs } from '@mason/workers';
import { SIGNATURE_RECORD_BYTES } from './signatureRecord.js';
import { sodiumEd25519 } from './sodiumEd25519.js';

// libsodium's check where sodium-native loads (see sodiumEd25519.ts), and what it refuses checked
// again with Node's OpenSSL, as @mason/codec checks, with the key objects cached per public key.
const sodium = sodiumEd25519();
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keys = new Map<string, KeyObject | null>();

function keyOf(raw: Uint8Array): KeyObject | null {
  const text = Buffer.from(raw).toString('base64');
  let key = keys.get(text);
  if (key === undefined) {
    try {
      key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    } catch {
      key = null;
    }
    if (keys.size >= 10_000) keys.clear();
    keys.set(text, key);
  }
  return key;
}

function valid(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (sodium?.(signature, message, publicKey)) return true;
  const key = keyOf(publicKey);
  try {
    return key !== null && verify(null, message, key, signature);
  } catch {
    return false;
  }
}

serveJobs<Uint8Array, Uint8Array>({
  run(packed) {
    const count = Math.floor(packed.length / SIGNATURE_RECORD_BYTES);
    const flags = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const at = i * SIGNATURE_RECORD_BYTES;
      flags[i] = valid(packed.subarray(at, at + 32), packed.subarray(at + 32, at + 64), packed.subarray(at + 64, at + 128)) ? 1 : 0;
    }
    return flags;
  },
});
