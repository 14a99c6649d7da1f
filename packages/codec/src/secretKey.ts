import { decodeVersioned, encodeVersioned } from './base58check.js';
import { prepareSecret, randomSeed, type PreparedSecret } from './ed25519.js';
import { CodecError } from './errors.js';
import { blake3 } from './hash.js';
import { PublicKey } from './publicKey.js';
import { Signature } from './signature.js';

/** util.inspect.custom, which Node defines as this registered symbol (no node:util import: it loads parseArgs too). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

const REDACTED = 'SecretKey(<redacted>)';

/**
 * An Ed25519 secret key (a 32-byte seed). Its S… form is only given by reveal(): printing,
 * logging or JSON-serializing a SecretKey shows a redacted placeholder.
 */
export class SecretKey {
  readonly #seed: Uint8Array;
  readonly #signer: PreparedSecret;
  readonly publicKey: PublicKey;

  private constructor(seed: Uint8Array) {
    this.#seed = seed;
    this.#signer = prepareSecret(seed);
    this.publicKey = PublicKey.fromRaw(this.#signer.publicKey);
  }

  static fromSeed(seed: Uint8Array): SecretKey {
    if (seed.length !== 32) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'secret key seed', expected: 32, actual: seed.length });
    // Uint8Array.from copies: a Buffer's slice() is a view of the caller's memory.
    return new SecretKey(Uint8Array.from(seed));
  }

  static fromString(text: string): SecretKey {
    return new SecretKey(decodeVersioned(text, 'S', 32, 'secret key'));
  }

  static generate(): SecretKey {
    return new SecretKey(randomSeed());
  }

  /** Signs blake3(data), as Massa does for messages. */
  sign(data: Uint8Array): Signature {
    return this.signHash(blake3(data));
  }

  /** Signs a 32-byte hash as is (operation ids, block ids). */
  signHash(hash: Uint8Array): Signature {
    return Signature.fromBytes(this.#signer.sign(hash));
  }

  /** The S… string. The only way to get it out: call it only to store the key somewhere safe. */
  reveal(): string {
    return encodeVersioned('S', this.#seed);
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [INSPECT](): string {
    return REDACTED;
  }
}
