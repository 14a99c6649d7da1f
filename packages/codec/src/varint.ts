import { CodecError } from './errors.js';

export type VarintBits = 16 | 32 | 64;

const MAX: Record<VarintBits, bigint> = { 16: 0xffffn, 32: 0xffff_ffffn, 64: 0xffff_ffff_ffff_ffffn };

/** Unsigned LEB128, the encoding of every u16/u32/u64 in Massa's binary formats. */
export function encodeVarint(value: bigint | number, bits: VarintBits = 64): Uint8Array {
  let v = toUnsigned(value, bits, 'varint value');
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return Uint8Array.from(out);
}

/**
 * Reads one unsigned LEB128 value, rejecting what the node's decoder rejects:
 * truncation, overflow of the declared width, and non-minimal encodings.
 */
export function decodeVarint(bytes: Uint8Array, offset = 0, bits: VarintBits = 64): { value: bigint; offset: number } {
  let value = 0n;
  let shift = 0n;
  const maxBytes = Math.ceil(bits / 7);
  for (let i = 0; i < maxBytes; i++) {
    const pos = offset + i;
    if (pos >= bytes.length) throw new CodecError('MASON_CODEC_VARINT_TRUNCATED', { offset });
    const byte = bytes[pos]!;
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) {
      if (byte === 0 && i > 0) throw new CodecError('MASON_CODEC_VARINT_NOT_MINIMAL', { offset });
      if (value > MAX[bits]) throw new CodecError('MASON_CODEC_VARINT_OVERFLOW', { bits, offset });
      return { value, offset: pos + 1 };
    }
    shift += 7n;
  }
  throw new CodecError('MASON_CODEC_VARINT_OVERFLOW', { bits, offset });
}

export function toUnsigned(value: bigint | number, bits: VarintBits, what: string): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what, min: 0, max: MAX[bits], value });
  }
  const v = BigInt(value);
  if (v < 0n || v > MAX[bits]) {
    throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what, min: 0, max: MAX[bits], value: v });
  }
  return v;
}
