// Fixed-size little-endian encodings, the same bytes `Args` writes for each type (without any prefix).

// @ts-ignore: decorator
@inline
function encode<T>(value: T): StaticArray<u8> {
  const bytes = new StaticArray<u8>(sizeof<T>());
  store<T>(changetype<usize>(bytes), value);
  return bytes;
}

function decode<T>(bytes: StaticArray<u8>, name: string): T {
  if (bytes.length < <i32>sizeof<T>()) {
    throw new Error(
      'can\'t convert bytes to ' + name + ': need ' + sizeof<T>().toString() + ' bytes, got ' + bytes.length.toString(),
    );
  }
  return load<T>(changetype<usize>(bytes));
}

export function boolToByte(value: bool): StaticArray<u8> {
  return encode<u8>(value ? 1 : 0);
}
/** Any non-zero byte is true. */
export function byteToBool(bytes: StaticArray<u8>): bool {
  return decode<u8>(bytes, 'bool') != 0;
}

export function u8ToByte(value: u8): StaticArray<u8> {
  return encode<u8>(value);
}
export function byteToU8(bytes: StaticArray<u8>): u8 {
  return decode<u8>(bytes, 'u8');
}
export function i8ToByte(value: i8): StaticArray<u8> {
  return encode<i8>(value);
}
export function byteToI8(bytes: StaticArray<u8>): i8 {
  return decode<i8>(bytes, 'i8');
}

export function u16ToBytes(value: u16): StaticArray<u8> {
  return encode<u16>(value);
}
export function bytesToU16(bytes: StaticArray<u8>): u16 {
  return decode<u16>(bytes, 'u16');
}
export function i16ToBytes(value: i16): StaticArray<u8> {
  return encode<i16>(value);
}
export function bytesToI16(bytes: StaticArray<u8>): i16 {
  return decode<i16>(bytes, 'i16');
}

export function u32ToBytes(value: u32): StaticArray<u8> {
  return encode<u32>(value);
}
export function bytesToU32(bytes: StaticArray<u8>): u32 {
  return decode<u32>(bytes, 'u32');
}
export function i32ToBytes(value: i32): StaticArray<u8> {
  return encode<i32>(value);
}
export function bytesToI32(bytes: StaticArray<u8>): i32 {
  return decode<i32>(bytes, 'i32');
}

export function u64ToBytes(value: u64): StaticArray<u8> {
  return encode<u64>(value);
}
export function bytesToU64(bytes: StaticArray<u8>): u64 {
  return decode<u64>(bytes, 'u64');
}
export function i64ToBytes(value: i64): StaticArray<u8> {
  return encode<i64>(value);
}
export function bytesToI64(bytes: StaticArray<u8>): i64 {
  return decode<i64>(bytes, 'i64');
}

export function f32ToBytes(value: f32): StaticArray<u8> {
  return encode<f32>(value);
}
export function bytesToF32(bytes: StaticArray<u8>): f32 {
  return decode<f32>(bytes, 'f32');
}
export function f64ToBytes(value: f64): StaticArray<u8> {
  return encode<f64>(value);
}
export function bytesToF64(bytes: StaticArray<u8>): f64 {
  return decode<f64>(bytes, 'f64');
}
