import { decodeVersioned, encodeVersioned } from './base58check.js';
import { prepareVerifier } from './ed25519.js';
import { concatBytes } from './bytes.js';
import { CodecError } from './errors.js';
import { blake3 } from './hash.js';
import type { Signature } from './signature.js';
import { Address, frozen } from './address.js';
import { BoundedCache } from './boundedCache.js';

const parsed = new BoundedCache<string, PublicKey>();

/** Parsed keys are shared through a process-wide cache, so a key never hands out its own bytes. */
export class PublicKey {
  readonly #raw: Uint8Array;
  #verifier: ((message: Uint8Array, signature: Uint8Array) => boolean) | undefined;
  #text: string | undefined;
  #address: Address | undefined;

  private constructor(raw: Uint8Array) {
    this.#raw = raw;
  }

  /** The raw 32-byte Ed25519 key, without the version byte (a copy). */
  get raw(): Uint8Array {
    return this.#raw.slice();
  }

  static fromRaw(raw: Uint8Array): PublicKey {
    if (raw.length !== 32) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'public key', expected: 32, actual: raw.length });
    return new PublicKey(Uint8Array.from(raw));
  }

  /** The versioned binary form: 0x00 ‖ 32 bytes. */
  static fromBytes(bytes: Uint8Array): PublicKey {
    if (bytes.length !== 33) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'public key', expected: 33, actual: bytes.length });
    if (bytes[0] !== 0) throw new CodecError('MASON_CODEC_VERSION_UNSUPPORTED', { what: 'public key', version: bytes[0] });
    return PublicKey.fromRaw(bytes.subarray(1));
  }

  /** Parses `P…`; parsed keys are cached (frozen, as every caller shares them; they keep their prepared verifier). */
  static fromString(text: string): PublicKey {
    if (typeof text !== 'string') return new PublicKey(decodeVersioned(text, 'P', 32, 'public key'));
    return parsed.get(text, (t) => frozen(new PublicKey(decodeVersioned(t, 'P', 32, 'public key'))));
  }

  /** Versioned binary form (33 bytes), the one hashed into addresses and signing preimages. */
  get bytes(): Uint8Array {
    return concatBytes(Uint8Array.of(0), this.#raw);
  }

  address(): Address {
    this.#address ??= Address.fromPublicKey(this);
    return this.#address;
  }

  /** Massa signatures are over blake3(data). */
  verify(data: Uint8Array, signature: Signature): boolean {
    return this.verifyHash(blake3(data), signature);
  }

  verifyHash(hash: Uint8Array, signature: Signature): boolean {
    this.#verifier ??= prepareVerifier(this.#raw);
    return this.#verifier(hash, signature.bytes);
  }

  toString(): string {
    this.#text ??= encodeVersioned('P', this.#raw);
    return this.#text;
  }

  toJSON(): string {
    return this.toString();
  }
}
