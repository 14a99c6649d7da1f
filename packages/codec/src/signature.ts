import { encodeBase58check, decodeBase58check } from './base58check.js';
import { concatBytes } from './bytes.js';
import { CodecError } from './errors.js';

/** An Ed25519 signature; its string form is b58c(version 0 ‖ 64 bytes), without prefix. */
export class Signature {
  #text: string | undefined;

  private constructor(readonly bytes: Uint8Array) {}

  static fromBytes(bytes: Uint8Array): Signature {
    if (bytes.length !== 64) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'signature', expected: 64, actual: bytes.length });
    return new Signature(bytes.slice());
  }

  static fromString(text: string): Signature {
    const payload = decodeBase58check(text);
    if (payload[0] !== 0) throw new CodecError('MASON_CODEC_VERSION_UNSUPPORTED', { what: 'signature', version: payload[0] });
    const signature = Signature.fromBytes(payload.subarray(1));
    // base58check has one text per byte string: keep it rather than encode it again.
    signature.#text = text;
    return signature;
  }

  /** Versioned binary form (65 bytes), as in the network encoding of operations. */
  toVersionedBytes(): Uint8Array {
    return concatBytes(Uint8Array.of(0), this.bytes);
  }

  toString(): string {
    this.#text ??= encodeBase58check(this.toVersionedBytes());
    return this.#text;
  }

  toJSON(): string {
    return this.toString();
  }
}
