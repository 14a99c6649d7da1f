import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Address,
  Args,
  ArrayType,
  PublicKey,
  SecretKey,
  Signature,
  decodeBase58check,
  decodeBlockId,
  decodeEndorsementId,
  decodeOperationId,
  decodeVarint,
  deserializeDatastore,
  deserializeOperationContent,
  deserializeSignedOperation,
  encodeBase58check,
  encodeBlockId,
  encodeEndorsementId,
  encodeOperationId,
  encodeVarint,
  formatMas,
  nextSlot,
  parseMas,
  previousSlot,
  serializeDatastore,
  serializeOperationContent,
  serializeSignedOperation,
  signedOperationSize,
  signOperation,
  slotAt,
  slotTimestamp,
  verifyOperationInput,
  toSendOperationInput,
  compareSlots,
} from '../src/index.js';
import { arbitraryContent, arbitrarySeed } from './arbitraries.js';

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const hash32 = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe('round trips (property tests)', () => {
  it('varint', () => {
    fc.assert(
      fc.property(u64, (v) => {
        const bytes = encodeVarint(v);
        expect(decodeVarint(bytes)).toEqual({ value: v, offset: bytes.length });
      }),
    );
  });

  it('amounts: nanoMAS ↔ decimal string, canonical form', () => {
    fc.assert(
      fc.property(u64, (v) => {
        const text = formatMas(v);
        expect(text).not.toMatch(/\.\d*0$/);
        expect(parseMas(text)).toBe(v);
      }),
    );
  });

  it('base58check', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(decodeBase58check(encodeBase58check(bytes))).toEqual(bytes);
      }),
    );
  });

  it('keys, signatures, addresses and ids', () => {
    fc.assert(
      fc.property(arbitrarySeed, hash32, fc.uint8Array({ maxLength: 100 }), (seed, hash, message) => {
        const sk = SecretKey.fromSeed(seed);
        expect(SecretKey.fromString(sk.reveal()).publicKey.toString()).toBe(sk.publicKey.toString());
        expect(PublicKey.fromString(sk.publicKey.toString()).bytes).toEqual(sk.publicKey.bytes);
        const sig = sk.sign(message);
        expect(Signature.fromString(sig.toString()).bytes).toEqual(sig.bytes);
        expect(sk.publicKey.verify(message, sig)).toBe(true);
        for (const kind of ['user', 'contract'] as const) {
          const address = Address.fromHash(kind, hash);
          expect(Address.fromString(address.toString()).toBytes()).toEqual(address.toBytes());
          expect(Address.fromBytes(address.toBytes()).toString()).toBe(address.toString());
          expect(address.thread()).toBe(hash[0]! >> 3);
        }
        expect(decodeOperationId(encodeOperationId(hash))).toEqual(hash);
        expect(decodeBlockId(encodeBlockId(hash))).toEqual(hash);
        expect(decodeEndorsementId(encodeEndorsementId(hash))).toEqual(hash);
      }),
      { numRuns: 40 },
    );
  });

  it('operation content, signed network form and send_operations input', () => {
    fc.assert(
      fc.property(arbitraryContent, arbitrarySeed, u64, (content, seed, chainId) => {
        const bytes = serializeOperationContent(content);
        expect(deserializeOperationContent(bytes)).toEqual(content);
        const signed = signOperation(content, SecretKey.fromSeed(seed), chainId);
        expect(deserializeSignedOperation(serializeSignedOperation(signed), chainId).id).toBe(signed.id);
        expect(signedOperationSize(signed)).toBe(serializeSignedOperation(signed).length);
        expect(verifyOperationInput(toSendOperationInput(signed), chainId).content).toEqual(content);
      }),
      { numRuns: 60 },
    );
  });

  it('datastore', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.uint8Array({ maxLength: 10 }), fc.uint8Array({ maxLength: 10 })), { maxLength: 8 }), (entries) => {
        const once = serializeDatastore(entries);
        expect(serializeDatastore(deserializeDatastore(once))).toEqual(once);
      }),
    );
  });

  it('Args: every scalar type, strings, bytes and arrays', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: -128, max: 127 }),
        fc.integer({ min: 0, max: 65535 }),
        fc.bigInt({ min: -(1n << 127n), max: (1n << 127n) - 1n }),
        fc.bigInt({ min: -(1n << 255n), max: (1n << 255n) - 1n }),
        fc.float({ noNaN: true }),
        fc.string({ unit: 'grapheme' }),
        fc.array(fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), { maxLength: 5 }),
        fc.array(fc.boolean(), { maxLength: 5 }),
        (b, i8, u16, i128, i256, f32, s, i64s, bools) => {
          const args = new Args()
            .addBool(b)
            .addI8(i8)
            .addU16(u16)
            .addI128(i128)
            .addI256(i256)
            .addF32(f32)
            .addString(s)
            .addArray(i64s, ArrayType.I64)
            .addArray(bools, ArrayType.BOOL);
          const read = new Args(args.serialize());
          expect(read.nextBool()).toBe(b);
          expect(read.nextI8()).toBe(BigInt(i8));
          expect(read.nextU16()).toBe(BigInt(u16));
          expect(read.nextI128()).toBe(i128);
          expect(read.nextI256()).toBe(i256);
          expect(read.nextF32()).toBe(Math.fround(f32));
          expect(read.nextString()).toBe(s);
          expect(read.nextArray(ArrayType.I64)).toEqual(i64s);
          expect(read.nextArray(ArrayType.BOOL)).toEqual(bools);
          expect(read.remaining).toBe(0);
        },
      ),
    );
  });

  it('slot ↔ timestamp', () => {
    const timing = { genesisTimestamp: 1_700_000_000_000, t0: 16_000, threadCount: 32 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 31 }), (period, thread) => {
        const slot = { period, thread };
        const at = slotTimestamp(slot, timing);
        expect(slotAt(at, timing)).toEqual(slot);
        expect(slotAt(at + 499, timing)).toEqual(slot);
        const next = nextSlot(slot);
        expect(slotTimestamp(next, timing) - at).toBe(500);
        expect(previousSlot(next)).toEqual(slot);
        expect(compareSlots(slot, next)).toBeLessThan(0);
      }),
    );
    expect(slotAt(timing.genesisTimestamp - 1, timing)).toBeNull();
    expect(previousSlot({ period: 0, thread: 0 })).toBeNull();
  });
});

describe('Ed25519 backends agree', () => {
  it("Node's OpenSSL path and @noble/curves give the same keys and signatures", async () => {
    const { ed25519 } = await import('@noble/curves/ed25519');
    fc.assert(
      fc.property(arbitrarySeed, hash32, (seed, message) => {
        const sk = SecretKey.fromSeed(seed);
        expect(sk.publicKey.raw).toEqual(ed25519.getPublicKey(seed));
        const signature = sk.signHash(message);
        expect(signature.bytes).toEqual(ed25519.sign(message, seed));
        expect(ed25519.verify(signature.bytes, message, sk.publicKey.raw)).toBe(true);
        const tampered = signature.bytes.slice();
        tampered[0]! ^= 1;
        expect(sk.publicKey.verifyHash(message, Signature.fromBytes(tampered))).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});
