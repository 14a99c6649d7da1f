import { describe, expect, it } from 'vitest';
import { PublicKey, Signature, blake3 } from './helpers.js';

// A Massa node verifies with ed25519-dalek's `verify`, not `verify_strict`
// (massa-signature/src/signature_impl.rs, PublicKeyV0::verify_signature): it refuses a
// non-canonical S but accepts small-order keys. The codec (Node's OpenSSL) must agree, so that the
// devnet accepts and refuses exactly what a node does.
const IDENTITY = Uint8Array.of(1, ...new Array<number>(31).fill(0));
// The group order L, little-endian: an S equal to it is not canonical.
const L = Uint8Array.of(0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, ...new Array<number>(15).fill(0), 0x10);
const hash = blake3(Uint8Array.of(1, 2, 3));

describe('Ed25519 strictness, as massa-signature', () => {
  it('accepts the small-order forgery a non-strict verifier accepts (identity key, R = identity, S = 0)', () => {
    const signature = Signature.fromBytes(Uint8Array.of(...IDENTITY, ...new Uint8Array(32)));
    expect(PublicKey.fromRaw(IDENTITY).verifyHash(hash, signature)).toBe(true);
  });

  it('refuses a non-canonical S', () => {
    const signature = Signature.fromBytes(Uint8Array.of(...IDENTITY, ...L));
    expect(PublicKey.fromRaw(IDENTITY).verifyHash(hash, signature)).toBe(false);
  });
});
