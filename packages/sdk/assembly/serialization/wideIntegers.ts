// u128 / i128 / u256 as little-endian byte arrays, for contracts that do not use `as-bignum`.
// `Args` writes these bytes with `addU128Bytes` / `addI128Bytes` / `addU256Bytes`, and also accepts
// as-bignum's `u128`, `i128` and `u256` values directly through `add<T>()`.

/** 16 bytes LE: `lo` then `hi`. */
export function u128Bytes(lo: u64, hi: u64 = 0): StaticArray<u8> {
  const bytes = new StaticArray<u8>(16);
  store<u64>(changetype<usize>(bytes), lo);
  store<u64>(changetype<usize>(bytes), hi, 8);
  return bytes;
}

/** 16 bytes LE two's complement of a value that fits in i64. */
export function i128Bytes(value: i64): StaticArray<u8> {
  return u128Bytes(<u64>value, value < 0 ? u64.MAX_VALUE : 0);
}

/** 32 bytes LE from four 64-bit limbs, least significant first. */
export function u256Bytes(limb0: u64, limb1: u64 = 0, limb2: u64 = 0, limb3: u64 = 0): StaticArray<u8> {
  const bytes = new StaticArray<u8>(32);
  const ptr = changetype<usize>(bytes);
  store<u64>(ptr, limb0);
  store<u64>(ptr, limb1, 8);
  store<u64>(ptr, limb2, 16);
  store<u64>(ptr, limb3, 24);
  return bytes;
}

/** The `index`-th 64-bit limb (0 = least significant) of a LE wide integer. */
export function u64Limb(bytes: StaticArray<u8>, index: i32): u64 {
  if (index < 0 || (index + 1) * 8 > bytes.length) {
    throw new Error('u64Limb: limb ' + index.toString() + ' is outside ' + bytes.length.toString() + ' bytes');
  }
  return load<u64>(changetype<usize>(bytes) + (<usize>index << 3));
}
