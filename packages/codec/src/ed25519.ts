import { nodeCrypto } from './nodeCrypto.js';

type KeyObject = import('node:crypto').KeyObject;

// Ed25519 through Node's OpenSSL when available (about 18× faster to verify than pure JS, which
// matters for a node checking every operation), and @noble/curves elsewhere (browsers), loaded
// only there: it is ~25 ms of module loading a CLI command need not pay.
const noble = nodeCrypto ? undefined : (await import('@noble/curves/ed25519')).ed25519;

const PKCS8_PREFIX = Uint8Array.from([0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]);
const SPKI_PREFIX = Uint8Array.from([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]);

const join = (a: Uint8Array, b: Uint8Array): Buffer => Buffer.concat([a, b]);

/** A signing key prepared once, for repeated signatures. */
export interface PreparedSecret {
  publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

export function prepareSecret(seed: Uint8Array): PreparedSecret {
  const node = nodeCrypto;
  if (node) {
    const key: KeyObject = node.createPrivateKey({ key: join(PKCS8_PREFIX, seed), format: 'der', type: 'pkcs8' });
    const spki = node.createPublicKey(key).export({ format: 'der', type: 'spki' });
    const publicKey = new Uint8Array(spki.subarray(SPKI_PREFIX.length));
    return { publicKey, sign: (message) => new Uint8Array(node.sign(null, message, key)) };
  }
  return { publicKey: noble!.getPublicKey(seed), sign: (message) => noble!.sign(message, seed) };
}

/** A verifying key prepared once (the public key object is cached by its holder). */
export function prepareVerifier(publicKey: Uint8Array): (message: Uint8Array, signature: Uint8Array) => boolean {
  const node = nodeCrypto;
  if (node) {
    let key: KeyObject;
    try {
      key = node.createPublicKey({ key: join(SPKI_PREFIX, publicKey), format: 'der', type: 'spki' });
    } catch {
      return () => false;
    }
    return (message, signature) => {
      try {
        return node.verify(null, message, key, signature);
      } catch {
        return false;
      }
    };
  }
  return (message, signature) => {
    try {
      return noble!.verify(signature, message, publicKey, { zip215: false });
    } catch {
      return false;
    }
  };
}

export function randomSeed(): Uint8Array {
  return nodeCrypto ? new Uint8Array(nodeCrypto.randomBytes(32)) : noble!.utils.randomPrivateKey();
}
