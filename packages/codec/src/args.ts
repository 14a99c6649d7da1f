import { concatBytes, decodeUtf8, utf8 } from './bytes.js';
import { CodecError } from './errors.js';

/** Element types of native arrays; numbering follows massa-web3's ArrayTypes. */
export enum ArrayType {
  STRING = 0,
  BOOL = 1,
  U8 = 2,
  U16 = 3,
  U32 = 4,
  U64 = 5,
  U128 = 6,
  U256 = 7,
  I8 = 8,
  I16 = 9,
  I32 = 10,
  I64 = 11,
  I128 = 12,
  I256 = 13,
  F32 = 14,
  F64 = 15,
}

export type ArrayValue = string | boolean | number | bigint;

/** An object with its own byte form, read back by `deserialize(data, offset)` (massa-web3 shape). */
export interface Serializable<T> {
  serialize(): Uint8Array;
  deserialize(data: Uint8Array, offset: number): { instance: T; offset: number };
}

interface IntSpec {
  bytes: number;
  signed: boolean;
}

const INT: Record<string, IntSpec> = {
  u8: { bytes: 1, signed: false },
  i8: { bytes: 1, signed: true },
  u16: { bytes: 2, signed: false },
  i16: { bytes: 2, signed: true },
  u32: { bytes: 4, signed: false },
  i32: { bytes: 4, signed: true },
  u64: { bytes: 8, signed: false },
  i64: { bytes: 8, signed: true },
  u128: { bytes: 16, signed: false },
  i128: { bytes: 16, signed: true },
  u256: { bytes: 32, signed: false },
  i256: { bytes: 32, signed: true },
};

const ELEMENT_SIZE: Partial<Record<ArrayType, number>> = {
  [ArrayType.BOOL]: 1,
  [ArrayType.U8]: 1,
  [ArrayType.I8]: 1,
  [ArrayType.U16]: 2,
  [ArrayType.I16]: 2,
  [ArrayType.U32]: 4,
  [ArrayType.I32]: 4,
  [ArrayType.F32]: 4,
  [ArrayType.U64]: 8,
  [ArrayType.I64]: 8,
  [ArrayType.F64]: 8,
  [ArrayType.U128]: 16,
  [ArrayType.I128]: 16,
  [ArrayType.U256]: 32,
  [ArrayType.I256]: 32,
};

/**
 * The TypeScript mirror of the AssemblyScript `Args`: little-endian values, no padding, no tags
 * (reference §14), byte-identical to massa-web3 and @massalabs/as-types.
 */
export class Args {
  #parts: Uint8Array[] = [];
  #data: Uint8Array;
  #offset: number;

  constructor(data: Uint8Array = new Uint8Array(0), offset = 0) {
    this.#data = data;
    this.#offset = offset;
  }

  get offset(): number {
    return this.#offset;
  }

  get remaining(): number {
    return this.serialize().length - this.#offset;
  }

  serialize(): Uint8Array {
    if (this.#parts.length > 0) {
      this.#data = concatBytes(this.#data, ...this.#parts);
      this.#parts = [];
    }
    return this.#data;
  }

  // ---- writing ----

  addBool(value: boolean): this {
    return this.#push(Uint8Array.of(value ? 1 : 0));
  }
  addU8(value: number | bigint): this {
    return this.#int('u8', value);
  }
  addI8(value: number | bigint): this {
    return this.#int('i8', value);
  }
  addU16(value: number | bigint): this {
    return this.#int('u16', value);
  }
  addI16(value: number | bigint): this {
    return this.#int('i16', value);
  }
  addU32(value: number | bigint): this {
    return this.#int('u32', value);
  }
  addI32(value: number | bigint): this {
    return this.#int('i32', value);
  }
  addU64(value: number | bigint): this {
    return this.#int('u64', value);
  }
  addI64(value: number | bigint): this {
    return this.#int('i64', value);
  }
  addU128(value: number | bigint): this {
    return this.#int('u128', value);
  }
  addI128(value: number | bigint): this {
    return this.#int('i128', value);
  }
  addU256(value: number | bigint): this {
    return this.#int('u256', value);
  }
  addI256(value: number | bigint): this {
    return this.#int('i256', value);
  }
  addF32(value: number): this {
    const out = new Uint8Array(4);
    new DataView(out.buffer).setFloat32(0, value, true);
    return this.#push(out);
  }
  addF64(value: number): this {
    const out = new Uint8Array(8);
    new DataView(out.buffer).setFloat64(0, value, true);
    return this.#push(out);
  }
  addString(value: string): this {
    const bytes = utf8(value);
    return this.#push(encodeInt(BigInt(bytes.length), INT.u32!, 'string length'), bytes);
  }
  addUint8Array(value: Uint8Array): this {
    return this.#push(encodeInt(BigInt(value.length), INT.u32!, 'byte array length'), value);
  }
  addArray(values: ArrayValue[], type: ArrayType): this {
    const content = concatBytes(...values.map((value) => encodeElement(value, type)));
    return this.#push(encodeInt(BigInt(content.length), INT.u32!, 'array byte length'), content);
  }
  addSerializable(value: { serialize(): Uint8Array }): this {
    return this.#push(value.serialize());
  }
  addSerializableObjectArray(values: Array<{ serialize(): Uint8Array }>): this {
    const content = concatBytes(...values.map((v) => v.serialize()));
    return this.#push(encodeInt(BigInt(content.length), INT.u32!, 'array byte length'), content);
  }

  // ---- reading ----

  nextBool(): boolean {
    return this.#take(1, 'bool')[0] !== 0;
  }
  nextU8(): bigint {
    return this.#nextInt('u8');
  }
  nextI8(): bigint {
    return this.#nextInt('i8');
  }
  nextU16(): bigint {
    return this.#nextInt('u16');
  }
  nextI16(): bigint {
    return this.#nextInt('i16');
  }
  nextU32(): bigint {
    return this.#nextInt('u32');
  }
  nextI32(): bigint {
    return this.#nextInt('i32');
  }
  nextU64(): bigint {
    return this.#nextInt('u64');
  }
  nextI64(): bigint {
    return this.#nextInt('i64');
  }
  nextU128(): bigint {
    return this.#nextInt('u128');
  }
  nextI128(): bigint {
    return this.#nextInt('i128');
  }
  nextU256(): bigint {
    return this.#nextInt('u256');
  }
  nextI256(): bigint {
    return this.#nextInt('i256');
  }
  nextF32(): number {
    const b = this.#take(4, 'f32');
    return new DataView(b.buffer, b.byteOffset, 4).getFloat32(0, true);
  }
  nextF64(): number {
    const b = this.#take(8, 'f64');
    return new DataView(b.buffer, b.byteOffset, 8).getFloat64(0, true);
  }
  nextString(): string {
    const length = Number(this.#nextInt('u32', 'string'));
    return decodeUtf8(this.#take(length, 'string'), 'Args string');
  }
  nextUint8Array(): Uint8Array {
    const length = Number(this.#nextInt('u32', 'Uint8Array'));
    return this.#take(length, 'Uint8Array').slice();
  }
  nextArray<T extends ArrayValue>(type: ArrayType): T[] {
    const byteLength = Number(this.#nextInt('u32', 'array'));
    const content = this.#take(byteLength, 'array');
    return decodeElements(content, type) as T[];
  }
  nextSerializable<T extends Serializable<T>>(ctor: new () => T): T {
    const { instance, offset } = new ctor().deserialize(this.serialize(), this.#offset);
    this.#offset = offset;
    return instance;
  }
  nextSerializableObjectArray<T extends Serializable<T>>(ctor: new () => T): T[] {
    const byteLength = Number(this.#nextInt('u32', 'array'));
    const end = this.#offset + byteLength;
    if (end > this.serialize().length) this.#outOfRange('array');
    const out: T[] = [];
    while (this.#offset < end) out.push(this.nextSerializable(ctor));
    if (this.#offset !== end) this.#outOfRange('array');
    return out;
  }

  #push(...parts: Uint8Array[]): this {
    this.#parts.push(...parts);
    return this;
  }

  #int(type: keyof typeof INT, value: number | bigint): this {
    return this.#push(encodeInt(toBigInt(value, type), INT[type]!, type));
  }

  #nextInt(type: keyof typeof INT, what: string = type): bigint {
    const spec = INT[type]!;
    return decodeInt(this.#take(spec.bytes, what), spec);
  }

  #take(length: number, type: string): Uint8Array {
    const data = this.serialize();
    if (this.#offset + length > data.length) this.#outOfRange(type);
    const out = data.subarray(this.#offset, this.#offset + length);
    this.#offset += length;
    return out;
  }

  #outOfRange(type: string): never {
    throw new CodecError('MASON_CODEC_ARGS_OUT_OF_RANGE', { type, offset: this.#offset, remaining: this.serialize().length - this.#offset });
  }
}

function toBigInt(value: number | bigint, what: string): bigint {
  if (typeof value === 'number' && !Number.isInteger(value)) {
    throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what, min: 'integer', max: 'integer', value });
  }
  return BigInt(value);
}

function encodeInt(value: bigint, spec: IntSpec, what: string): Uint8Array {
  const bits = BigInt(spec.bytes * 8);
  const min = spec.signed ? -(1n << (bits - 1n)) : 0n;
  const max = spec.signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
  if (value < min || value > max) throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what, min, max, value });
  let v = BigInt.asUintN(Number(bits), value);
  const out = new Uint8Array(spec.bytes);
  for (let i = 0; i < spec.bytes; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function decodeInt(bytes: Uint8Array, spec: IntSpec): bigint {
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i]!);
  return spec.signed ? BigInt.asIntN(spec.bytes * 8, v) : v;
}

const INT_OF_ARRAY: Partial<Record<ArrayType, keyof typeof INT>> = {
  [ArrayType.U8]: 'u8',
  [ArrayType.I8]: 'i8',
  [ArrayType.U16]: 'u16',
  [ArrayType.I16]: 'i16',
  [ArrayType.U32]: 'u32',
  [ArrayType.I32]: 'i32',
  [ArrayType.U64]: 'u64',
  [ArrayType.I64]: 'i64',
  [ArrayType.U128]: 'u128',
  [ArrayType.I128]: 'i128',
  [ArrayType.U256]: 'u256',
  [ArrayType.I256]: 'i256',
};

function encodeElement(value: ArrayValue, type: ArrayType): Uint8Array {
  const args = new Args();
  if (type === ArrayType.STRING) return args.addString(value as string).serialize();
  if (type === ArrayType.BOOL) return args.addBool(Boolean(value)).serialize();
  if (type === ArrayType.F32) return args.addF32(Number(value)).serialize();
  if (type === ArrayType.F64) return args.addF64(Number(value)).serialize();
  const intType = INT_OF_ARRAY[type];
  if (!intType) throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what: 'array type', min: 0, max: 15, value: type });
  return encodeInt(toBigInt(value as number | bigint, intType), INT[intType]!, intType);
}

function decodeElements(content: Uint8Array, type: ArrayType): ArrayValue[] {
  const out: ArrayValue[] = [];
  if (type === ArrayType.STRING) {
    const reader = new Args(content);
    while (reader.offset < content.length) out.push(reader.nextString());
    return out;
  }
  const size = ELEMENT_SIZE[type];
  if (size === undefined) throw new CodecError('MASON_CODEC_VALUE_OUT_OF_RANGE', { what: 'array type', min: 0, max: 15, value: type });
  if (content.length % size !== 0) {
    throw new CodecError('MASON_CODEC_ARGS_OUT_OF_RANGE', {
      type: ArrayType[type],
      offset: content.length - (content.length % size),
      remaining: content.length % size,
    });
  }
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  for (let at = 0; at < content.length; at += size) {
    if (type === ArrayType.BOOL) out.push(content[at] !== 0);
    else if (type === ArrayType.F32) out.push(view.getFloat32(at, true));
    else if (type === ArrayType.F64) out.push(view.getFloat64(at, true));
    else out.push(decodeInt(content.subarray(at, at + size), INT[INT_OF_ARRAY[type]!]!));
  }
  return out;
}
