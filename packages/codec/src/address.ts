import { decodeBase58check, encodeVersioned } from './base58check.js';
import { concatBytes } from './bytes.js';
import { CodecError } from './errors.js';
import { BoundedCache } from './boundedCache.js';
import { blake3 } from './hash.js';

export type AddressKind = 'user' | 'contract';

const PREFIX: Record<AddressKind, string> = { user: 'AU', contract: 'AS' };
const TYPE_BYTE: Record<AddressKind, number> = { user: 0, contract: 1 };
const parsed = new BoundedCache<string, Address>();
/** Addresses read from binary forms (operation contents, datastore keys), by type byte ‖ hash. */
const read = new BoundedCache<string, Address>();

/** Freezes a shared instance (its private fields stay writable, so lazy caches still work). */
export function frozen<T extends object>(value: T): T {
  Object.freeze(value);
  return value;
}

/**
 * A Massa address: AU… (user, from a public key) or AS… (smart contract). Parsed addresses are
 * shared through a process-wide cache, so an address never hands out its own bytes: `hash` is a copy.
 */
export class Address {
  #text: string | undefined;
  readonly #hash: Uint8Array;

  private constructor(
    readonly kind: AddressKind,
    hash: Uint8Array,
  ) {
    this.#hash = hash;
  }

  /** The 32-byte hash (a copy: changing it changes nothing else). */
  get hash(): Uint8Array {
    return this.#hash.slice();
  }

  static fromHash(kind: AddressKind, hash: Uint8Array): Address {
    if (hash.length !== 32) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'address hash', expected: 32, actual: hash.length });
    return new Address(kind, Uint8Array.from(hash));
  }

  /** The user address of a public key (any object with the key's 32 bytes, as `PublicKey`). */
  static fromPublicKey(publicKey: { readonly bytes: Uint8Array }): Address {
    return new Address('user', blake3(publicKey.bytes));
  }

  /** Parses `AU…`/`AS…`; parsed addresses are cached, and frozen since every caller shares them. */
  static fromString(text: string): Address {
    if (typeof text !== 'string') return Address.#parse(text);
    return parsed.get(text, (t) => frozen(Address.#parse(t)));
  }

  static #parse(text: string): Address {
    if (typeof text !== 'string' || !(text.startsWith('AU') || text.startsWith('AS'))) {
      throw new CodecError('MASON_CODEC_PREFIX_INVALID', { what: 'address', expected: '"AU" or "AS"', text: String(text) });
    }
    const kind: AddressKind = text.startsWith('AU') ? 'user' : 'contract';
    const payload = decodeBase58check(text.slice(2));
    if (payload[0] !== 0) throw new CodecError('MASON_CODEC_VERSION_UNSUPPORTED', { what: 'address', version: payload[0] });
    if (payload.length !== 33) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'address', expected: 33, actual: payload.length });
    const address = new Address(kind, payload.slice(1));
    address.#text = text;
    return address;
  }

  /** Binary form: varint(type) ‖ varint(version 0) ‖ 32-byte hash = 34 bytes. */
  static fromBytes(bytes: Uint8Array): Address {
    if (bytes.length !== 34) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'address', expected: 34, actual: bytes.length });
    return Address.read(bytes, 0).address;
  }

  /** Reads a binary address at offset (both type and version are one-byte varints); read addresses are cached and frozen, as parsed ones. */
  static read(bytes: Uint8Array, offset: number): { address: Address; offset: number } {
    if (bytes.length - offset < 34) {
      throw new CodecError('MASON_CODEC_TRUNCATED', { what: 'address', needed: 34 - (bytes.length - offset), offset });
    }
    const type = bytes[offset]!;
    if (type !== 0 && type !== 1) throw new CodecError('MASON_CODEC_ADDRESS_TYPE_UNKNOWN', { type });
    const version = bytes[offset + 1]!;
    if (version !== 0) throw new CodecError('MASON_CODEC_VERSION_UNSUPPORTED', { what: 'address', version });
    const hash = bytes.subarray(offset + 2, offset + 34);
    // Shared and frozen like parsed ones: the same contracts and senders come back in every
    // operation, and an address's text (base58check: two SHA-256 and a base-58 encoding) is then
    // computed once.
    // The key is the 34 bytes as text (apply over a view: ~5× cheaper than spreading it).
    const key = String.fromCharCode.apply(null, bytes.subarray(offset, offset + 34) as unknown as number[]);
    const address = read.get(key, () => frozen(new Address(type === 0 ? 'user' : 'contract', hash.slice())));
    return { address, offset: offset + 34 };
  }

  get isUser(): boolean {
    return this.kind === 'user';
  }

  get isContract(): boolean {
    return this.kind === 'contract';
  }

  /** The thread of an address: the top log2(threadCount) bits of its hash. SC addresses report 0 on a node's API but this is the hash rule. */
  thread(threadCount = 32): number {
    const bits = Math.log2(threadCount);
    if (!Number.isInteger(bits) || bits < 0 || bits > 8) {
      throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what: 'thread count', min: 1, max: 256, value: threadCount });
    }
    return bits === 0 ? 0 : this.#hash[0]! >> (8 - bits);
  }

  toBytes(): Uint8Array {
    return concatBytes(Uint8Array.of(TYPE_BYTE[this.kind], 0), this.#hash);
  }

  toString(): string {
    this.#text ??= encodeVersioned(PREFIX[this.kind], this.#hash);
    return this.#text;
  }

  toJSON(): string {
    return this.toString();
  }

  equals(other: Address): boolean {
    return this.toString() === other.toString();
  }
}

export function isValidAddress(text: string): boolean {
  try {
    Address.fromString(text);
    return true;
  } catch {
    return false;
  }
}
