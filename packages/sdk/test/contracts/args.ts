// Args byte-layout probes. For each case: `enc_*` uses the generic `add<T>()`, `typed_*` the typed
// adder, `dec_*` reads its input with `next<T>()` and writes the values back with `add<T>()`.
// Pure computation: the only import is env.abort.
import { i128, u128, u256 } from 'as-bignum/assembly';
import { Args as AsTypesArgs } from '@massalabs/as-types';
import {
  Address,
  Args,
  Result,
  Serializable,
  bytesEqual,
  bytesToF64,
  bytesToI16,
  bytesToI32,
  bytesToString,
  bytesToU64,
  byteToBool,
  decodeBase64,
  encodeBase64,
  formatMas,
  i128Bytes,
  i16ToBytes,
  i32ToBytes,
  parseMas,
  stringToBytes,
  toNanoMas,
  u128Bytes,
  u256Bytes,
  u64Limb,
  u64ToBytes,
  f64ToBytes,
  boolToByte,
} from '../../assembly';

class Point implements Serializable {
  constructor(
    public x: i32 = 0,
    public y: i32 = 0,
    public label: string = '',
  ) {}

  serialize(): StaticArray<u8> {
    return new Args().add(this.x).add(this.y).add(this.label).serialize();
  }

  deserialize(data: StaticArray<u8>, offset: i32): Result<i32> {
    const args = new Args(data, offset);
    const x = args.nextI32();
    const y = args.nextI32();
    const label = args.nextString();
    if (x.isErr() || y.isErr() || label.isErr()) return new Result<i32>(offset, 'bad Point');
    this.x = x.unwrap();
    this.y = y.unwrap();
    this.label = label.unwrap();
    return new Result<i32>(args.offset);
  }
}

const POINTS: Point[] = [new Point(1, -2, 'a'), new Point(300, 4, 'héllo')];
const U128 = new u128(0x0102030405060708, 0x1112131415161718);
const I128 = i128.fromI64(-2);
const U256 = new u256(1, 2, 3, 0xffffffffffffffff);
const ADDRESSES: Address[] = [new Address('AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT'), new Address('AU1x')];

function roundTrip<T>(input: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(input);
  const out = new Args();
  while (args.remaining > 0) out.add<T>(args.mustNext<T>('value'));
  return out.serialize();
}

// bool
export function enc_bool(): StaticArray<u8> { return new Args().add(true).add(false).serialize(); }
export function typed_bool(): StaticArray<u8> { return new Args().addBool(true).addBool(false).serialize(); }
export function dec_bool(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<bool>(input); }
// u8
export function enc_u8(): StaticArray<u8> { return new Args().add<u8>(255).add<u8>(7).serialize(); }
export function typed_u8(): StaticArray<u8> { return new Args().addU8(255).addU8(7).serialize(); }
export function dec_u8(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u8>(input); }
// i8
export function enc_i8(): StaticArray<u8> { return new Args().add<i8>(-2).serialize(); }
export function typed_i8(): StaticArray<u8> { return new Args().addI8(-2).serialize(); }
export function dec_i8(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i8>(input); }
// u16
export function enc_u16(): StaticArray<u8> { return new Args().add<u16>(0x1234).serialize(); }
export function typed_u16(): StaticArray<u8> { return new Args().addU16(0x1234).serialize(); }
export function dec_u16(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u16>(input); }
// i16
export function enc_i16(): StaticArray<u8> { return new Args().add<i16>(-2).serialize(); }
export function typed_i16(): StaticArray<u8> { return new Args().addI16(-2).serialize(); }
export function dec_i16(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i16>(input); }
// u32
export function enc_u32(): StaticArray<u8> { return new Args().add<u32>(0xdeadbeef).serialize(); }
export function typed_u32(): StaticArray<u8> { return new Args().addU32(0xdeadbeef).serialize(); }
export function dec_u32(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u32>(input); }
// i32 (an untyped literal is an i32)
export function enc_i32(): StaticArray<u8> { return new Args().add(-1).add(5).serialize(); }
export function typed_i32(): StaticArray<u8> { return new Args().addI32(-1).addI32(5).serialize(); }
export function dec_i32(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i32>(input); }
// u64
export function enc_u64(): StaticArray<u8> { return new Args().add<u64>(u64.MAX_VALUE).add<u64>(1_500_000_000).serialize(); }
export function typed_u64(): StaticArray<u8> { return new Args().addU64(u64.MAX_VALUE).addU64(1_500_000_000).serialize(); }
export function dec_u64(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u64>(input); }
// i64
export function enc_i64(): StaticArray<u8> { return new Args().add<i64>(-2).add<i64>(i64.MIN_VALUE).serialize(); }
export function typed_i64(): StaticArray<u8> { return new Args().addI64(-2).addI64(i64.MIN_VALUE).serialize(); }
export function dec_i64(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i64>(input); }
// f32
export function enc_f32(): StaticArray<u8> { return new Args().add<f32>(1.5).serialize(); }
export function typed_f32(): StaticArray<u8> { return new Args().addF32(1.5).serialize(); }
export function dec_f32(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<f32>(input); }
// f64
export function enc_f64(): StaticArray<u8> { return new Args().add(-0.1).serialize(); }
export function typed_f64(): StaticArray<u8> { return new Args().addF64(-0.1).serialize(); }
export function dec_f64(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<f64>(input); }
// u128: as-bignum value through add<T>, raw bytes through the typed adder
export function enc_u128(): StaticArray<u8> { return new Args().add(U128).serialize(); }
export function typed_u128(): StaticArray<u8> {
  return new Args().addU128Bytes(u128Bytes(0x0102030405060708, 0x1112131415161718)).serialize();
}
export function dec_u128(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u128>(input); }
// i128
export function enc_i128(): StaticArray<u8> { return new Args().add(I128).serialize(); }
export function typed_i128(): StaticArray<u8> { return new Args().addI128Bytes(i128Bytes(-2)).serialize(); }
export function dec_i128(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i128>(input); }
// u256
export function enc_u256(): StaticArray<u8> { return new Args().add(U256).serialize(); }
export function typed_u256(): StaticArray<u8> {
  return new Args().addU256Bytes(u256Bytes(1, 2, 3, 0xffffffffffffffff)).serialize();
}
export function dec_u256(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u256>(input); }
// string
export function enc_string(): StaticArray<u8> { return new Args().add('héllo ✓ 😀').add('').serialize(); }
export function typed_string(): StaticArray<u8> { return new Args().addString('héllo ✓ 😀').addString('').serialize(); }
export function dec_string(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<string>(input); }
// StaticArray<u8>
export function enc_bytes(): StaticArray<u8> { return new Args().add<StaticArray<u8>>([1, 2, 3]).serialize(); }
export function typed_bytes(): StaticArray<u8> { return new Args().addBytes([1, 2, 3]).serialize(); }
export function dec_bytes(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<StaticArray<u8>>(input); }
// Uint8Array
function uint8Array(): Uint8Array {
  const array = new Uint8Array(3);
  array[0] = 1;
  array[1] = 2;
  array[2] = 3;
  return array;
}
export function enc_uint8array(): StaticArray<u8> { return new Args().add(uint8Array()).serialize(); }
export function typed_uint8array(): StaticArray<u8> { return new Args().addUint8Array(uint8Array()).serialize(); }
export function dec_uint8array(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<Uint8Array>(input); }
// native arrays
export function enc_array_bool(): StaticArray<u8> { return new Args().add<bool[]>([true, false, true]).serialize(); }
export function typed_array_bool(): StaticArray<u8> { return new Args().addArray<bool>([true, false, true]).serialize(); }
export function dec_array_bool(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<bool[]>(input); }
export function enc_array_u8(): StaticArray<u8> { return new Args().add<u8[]>([0, 1, 255]).serialize(); }
export function typed_array_u8(): StaticArray<u8> { return new Args().addArray<u8>([0, 1, 255]).serialize(); }
export function dec_array_u8(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u8[]>(input); }
export function enc_array_i8(): StaticArray<u8> { return new Args().add<i8[]>([-1, 2]).serialize(); }
export function typed_array_i8(): StaticArray<u8> { return new Args().addArray<i8>([-1, 2]).serialize(); }
export function dec_array_i8(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i8[]>(input); }
export function enc_array_u16(): StaticArray<u8> { return new Args().add<u16[]>([1, 65535]).serialize(); }
export function typed_array_u16(): StaticArray<u8> { return new Args().addArray<u16>([1, 65535]).serialize(); }
export function dec_array_u16(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u16[]>(input); }
export function enc_array_i16(): StaticArray<u8> { return new Args().add<i16[]>([-1, 300]).serialize(); }
export function typed_array_i16(): StaticArray<u8> { return new Args().addArray<i16>([-1, 300]).serialize(); }
export function dec_array_i16(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i16[]>(input); }
export function enc_array_u32(): StaticArray<u8> { return new Args().add<u32[]>([1, 0xffffffff]).serialize(); }
export function typed_array_u32(): StaticArray<u8> { return new Args().addArray<u32>([1, 0xffffffff]).serialize(); }
export function dec_array_u32(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u32[]>(input); }
export function enc_array_i32(): StaticArray<u8> { return new Args().add<i32[]>([-1, 2, 3]).serialize(); }
export function typed_array_i32(): StaticArray<u8> { return new Args().addArray<i32>([-1, 2, 3]).serialize(); }
export function dec_array_i32(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i32[]>(input); }
export function enc_array_u64(): StaticArray<u8> { return new Args().add<u64[]>([1, u64.MAX_VALUE]).serialize(); }
export function typed_array_u64(): StaticArray<u8> { return new Args().addArray<u64>([1, u64.MAX_VALUE]).serialize(); }
export function dec_array_u64(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u64[]>(input); }
export function enc_array_i64(): StaticArray<u8> { return new Args().add<i64[]>([-1, 2]).serialize(); }
export function typed_array_i64(): StaticArray<u8> { return new Args().addArray<i64>([-1, 2]).serialize(); }
export function dec_array_i64(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i64[]>(input); }
export function enc_array_f32(): StaticArray<u8> { return new Args().add<f32[]>([1.5, -2]).serialize(); }
export function typed_array_f32(): StaticArray<u8> { return new Args().addArray<f32>([1.5, -2]).serialize(); }
export function dec_array_f32(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<f32[]>(input); }
export function enc_array_f64(): StaticArray<u8> { return new Args().add<f64[]>([0.1, -2.5]).serialize(); }
export function typed_array_f64(): StaticArray<u8> { return new Args().addArray<f64>([0.1, -2.5]).serialize(); }
export function dec_array_f64(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<f64[]>(input); }
export function enc_array_u128(): StaticArray<u8> { return new Args().add<u128[]>([U128, u128.One]).serialize(); }
export function typed_array_u128(): StaticArray<u8> { return new Args().addArray<u128>([U128, u128.One]).serialize(); }
export function dec_array_u128(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u128[]>(input); }
export function enc_array_i128(): StaticArray<u8> { return new Args().add<i128[]>([I128, i128.One]).serialize(); }
export function typed_array_i128(): StaticArray<u8> { return new Args().addArray<i128>([I128, i128.One]).serialize(); }
export function dec_array_i128(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<i128[]>(input); }
export function enc_array_u256(): StaticArray<u8> { return new Args().add<u256[]>([U256]).serialize(); }
export function typed_array_u256(): StaticArray<u8> { return new Args().addArray<u256>([U256]).serialize(); }
export function dec_array_u256(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<u256[]>(input); }
// Array<string>
export function enc_array_string(): StaticArray<u8> { return new Args().add(['a', 'bé', '']).serialize(); }
export function typed_array_string(): StaticArray<u8> { return new Args().addArray<string>(['a', 'bé', '']).serialize(); }
export function dec_array_string(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<string[]>(input); }
// Serializable
export function enc_serializable(): StaticArray<u8> { return new Args().add(POINTS[1]).serialize(); }
export function typed_serializable(): StaticArray<u8> { return new Args().addSerializable(POINTS[1]).serialize(); }
export function dec_serializable(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<Point>(input); }
// Array<Serializable>
export function enc_array_serializable(): StaticArray<u8> { return new Args().add(POINTS).serialize(); }
export function typed_array_serializable(): StaticArray<u8> {
  return new Args().addSerializableObjectArray(POINTS).serialize();
}
export function dec_array_serializable(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<Point[]>(input); }
// Address, serialized as its string
export function enc_address(): StaticArray<u8> { return new Args().add(ADDRESSES[0]).serialize(); }
export function typed_address(): StaticArray<u8> { return new Args().addSerializable(ADDRESSES[0]).serialize(); }
export function dec_address(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<Address>(input); }
// Array<Address>, the deployer's raw event payload
export function enc_array_address(): StaticArray<u8> { return new Args().add(ADDRESSES).serialize(); }
export function typed_array_address(): StaticArray<u8> { return new Args().addSerializableObjectArray(ADDRESSES).serialize(); }
export function dec_array_address(input: StaticArray<u8>): StaticArray<u8> { return roundTrip<Address[]>(input); }

/** A mixed sequence written with @massalabs/as-types' Args… */
export function asTypesMixed(): StaticArray<u8> {
  return new AsTypesArgs()
    .add(true)
    .add<u8>(9)
    .add<i16>(-3)
    .add<u32>(7)
    .add<i64>(-8)
    .add<f32>(0.25)
    .add<f64>(1e100)
    .add(U128)
    .add(I128)
    .add(U256)
    .add('mixed ✓')
    .add<StaticArray<u8>>([9, 8])
    .add(uint8Array())
    .add<i32[]>([1, -1])
    .add<u64[]>([5])
    .add<bool[]>([false, true])
    .add<u128[]>([U128])
    .add(['x', 'yz'])
    .add('AU1a')
    .add<string[]>(['AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT', 'AU1x'])
    .serialize();
}

/** …and with ours. */
export function masonMixed(): StaticArray<u8> {
  return new Args()
    .add(true)
    .add<u8>(9)
    .add<i16>(-3)
    .add<u32>(7)
    .add<i64>(-8)
    .add<f32>(0.25)
    .add<f64>(1e100)
    .add(U128)
    .add(I128)
    .add(U256)
    .add('mixed ✓')
    .add<StaticArray<u8>>([9, 8])
    .add(uint8Array())
    .add<i32[]>([1, -1])
    .add<u64[]>([5])
    .add<bool[]>([false, true])
    .add<u128[]>([U128])
    .add(['x', 'yz'])
    .add(new Address('AU1a'))
    .add(ADDRESSES)
    .serialize();
}

function errorOf<T>(result: Result<T>): string {
  return result.isErr() ? result.error! : 'ok';
}

/** Reads each type from a fresh `Args(input)` and collects the error messages, one per line. */
export function readErrors(input: StaticArray<u8>): string {
  return [
    errorOf(new Args(input).nextBool()),
    errorOf(new Args(input).nextU8()),
    errorOf(new Args(input).nextI8()),
    errorOf(new Args(input).nextU16()),
    errorOf(new Args(input).nextI16()),
    errorOf(new Args(input).nextU32()),
    errorOf(new Args(input).nextI32()),
    errorOf(new Args(input).nextU64()),
    errorOf(new Args(input).nextI64()),
    errorOf(new Args(input).nextF32()),
    errorOf(new Args(input).nextF64()),
    errorOf(new Args(input).nextU128Bytes()),
    errorOf(new Args(input).nextI128Bytes()),
    errorOf(new Args(input).nextU256Bytes()),
    errorOf(new Args(input).next<u128>()),
    errorOf(new Args(input).next<u256>()),
    errorOf(new Args(input).nextString()),
    errorOf(new Args(input).nextBytes()),
    errorOf(new Args(input).nextUint8Array()),
    errorOf(new Args(input).nextArray<u64>()),
    errorOf(new Args(input).nextArray<string>()),
    errorOf(new Args(input).nextArray<Point>()),
    errorOf(new Args(input).nextSerializable<Point>()),
  ].join('\n');
}

/** A failed read leaves the offset in place: read a u64 (fails on 5 bytes), then an i32 and a u8. */
export function readAfterFailure(input: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(input);
  const failed = args.nextU64();
  assert(failed.isErr(), 'u64 should not fit');
  assert(args.offset == 0, 'offset moved');
  return new Args().add(args.nextI32().unwrap()).add(args.nextU8().unwrap()).add(args.offset).serialize();
}

export function mustNextAmount(input: StaticArray<u8>): StaticArray<u8> {
  return new Args().add(new Args(input).mustNext<u64>('amount')).serialize();
}

export function unwrapU64(input: StaticArray<u8>): StaticArray<u8> {
  return new Args().add(new Args(input).nextU64().unwrap()).serialize();
}

export function unwrapOrs(input: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(input);
  return new Args().add(args.nextU64().unwrapOr(7)).add(args.nextString().unwrapOrDefault()).serialize();
}

export function base64(input: StaticArray<u8>): string {
  return encodeBase64(input);
}

export function base64RoundTrip(input: StaticArray<u8>): StaticArray<u8> {
  return decodeBase64(encodeBase64(input));
}

export function unbase64(input: StaticArray<u8>): StaticArray<u8> {
  return decodeBase64(bytesToString(input));
}

/** The byte helpers agree with Args (minus the prefixes). */
export function helpers(): StaticArray<u8> {
  assert(bytesEqual(stringToBytes('héllo'), [0x68, 0xc3, 0xa9, 0x6c, 0x6c, 0x6f]), 'stringToBytes');
  assert(bytesToString(stringToBytes('héllo ✓')) == 'héllo ✓', 'bytesToString');
  assert(bytesEqual(u64ToBytes(1_500_000_000), new Args().add<u64>(1_500_000_000).serialize()), 'u64ToBytes');
  assert(bytesToU64(u64ToBytes(u64.MAX_VALUE)) == u64.MAX_VALUE, 'bytesToU64');
  assert(bytesToI32(i32ToBytes(-5)) == -5, 'i32');
  assert(bytesToI16(i16ToBytes(-5)) == -5, 'i16');
  assert(bytesToF64(f64ToBytes(-0.1)) == -0.1, 'f64');
  assert(byteToBool(boolToByte(true)) && !byteToBool(boolToByte(false)), 'bool');
  assert(bytesEqual(i128Bytes(-2), I128.toStaticBytes()), 'i128Bytes');
  assert(bytesEqual(u128Bytes(0x0102030405060708, 0x1112131415161718), U128.toStaticBytes()), 'u128Bytes');
  assert(bytesEqual(u256Bytes(1, 2, 3, 0xffffffffffffffff), U256.toStaticBytes()), 'u256Bytes');
  assert(u64Limb(u256Bytes(1, 2, 3, 4), 3) == 4, 'u64Limb');
  assert(toNanoMas(2) == 2_000_000_000, 'toNanoMas');
  assert(parseMas('0.01') == 10_000_000 && parseMas('12.000000001') == 12_000_000_001 && parseMas('100') == 100_000_000_000, 'parseMas');
  assert(formatMas(10_000_000) == '0.01' && formatMas(100_000_000_000) == '100' && formatMas(400_010_000) == '0.40001', 'formatMas');
  return [1];
}

export function parseMasOf(input: StaticArray<u8>): StaticArray<u8> {
  return u64ToBytes(parseMas(bytesToString(input)));
}

export function toNanoMasOf(input: StaticArray<u8>): StaticArray<u8> {
  return u64ToBytes(toNanoMas(bytesToU64(input)));
}

export function bytesToU64Of(input: StaticArray<u8>): StaticArray<u8> {
  return u64ToBytes(bytesToU64(input));
}

export function lonelySurrogate(): StaticArray<u8> {
  return new Args().add(String.fromCharCode(0xd800)).serialize();
}

export function wrongWideLength(): StaticArray<u8> {
  return new Args().addU128Bytes(new StaticArray<u8>(15)).serialize();
}
