import { decodeUtf8 } from './bytes.js';
import { CodecError } from './errors.js';
import { decodeVarint, type VarintBits } from './varint.js';

/** A cursor over a byte buffer whose reads fail with typed errors instead of returning garbage. */
export class ByteReader {
  offset: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly what: string,
    offset = 0,
  ) {
    this.offset = offset;
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  varint(bits: VarintBits = 64): bigint {
    const { value, offset } = decodeVarint(this.bytes, this.offset, bits);
    this.offset = offset;
    return value;
  }

  /** A varint that must fit a JS number (periods, counts, lengths). */
  smallVarint(bits: VarintBits = 64): number {
    const value = this.varint(bits);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what: this.what, min: 0, max: Number.MAX_SAFE_INTEGER, value });
    }
    return Number(value);
  }

  take(length: number): Uint8Array {
    if (length > this.remaining) {
      throw new CodecError('MASON_CODEC_TRUNCATED', { what: this.what, needed: length - this.remaining, offset: this.offset });
    }
    const out = this.bytes.slice(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  /** varint(u64 length) ‖ bytes, with the node's maximum length. */
  lengthPrefixed(maxLength: number, what: string): Uint8Array {
    const length = this.varint();
    if (length > BigInt(maxLength)) throw new CodecError('MASON_CODEC_LIMIT_EXCEEDED', { what: `${what} length`, actual: length, limit: maxLength });
    return this.take(Number(length));
  }

  utf8(length: number, what: string): string {
    return decodeUtf8(this.take(length), what);
  }

  end(): void {
    if (this.remaining !== 0) {
      throw new CodecError('MASON_CODEC_TRAILING_BYTES', { what: this.what, count: this.remaining, offset: this.offset });
    }
  }
}
