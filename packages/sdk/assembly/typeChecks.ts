// Compile-time shape tests used by `Args` and `Storage` to dispatch on generic types without
// depending on the packages that define those types (as-bignum, as-types).
// Only call them for reference types: `offsetof<T>()` is an error on primitives.

/** as-bignum `u128` / `i128`: two 64-bit fields `lo`, `hi` laid out little-endian. */
// @ts-ignore: decorator
@inline
export function isWideInteger128<T>(): bool {
  // @ts-ignore: AssemblyScript generic checked at compile time
  return offsetof<T>() == 16 && isDefined(changetype<T>(0).lo) && isDefined(changetype<T>(0).hi);
}

/** as-bignum `u256`: four 64-bit fields `lo1`, `lo2`, `hi1`, `hi2`, least significant first. */
// @ts-ignore: decorator
@inline
export function isWideInteger256<T>(): bool {
  return (
    offsetof<T>() == 32 &&
    // @ts-ignore: AssemblyScript generic checked at compile time
    isDefined(changetype<T>(0).lo1) &&
    // @ts-ignore: AssemblyScript generic checked at compile time
    isDefined(changetype<T>(0).lo2) &&
    // @ts-ignore: AssemblyScript generic checked at compile time
    isDefined(changetype<T>(0).hi1) &&
    // @ts-ignore: AssemblyScript generic checked at compile time
    isDefined(changetype<T>(0).hi2)
  );
}

/** Anything with `serialize()` and `deserialize(data, offset)`, e.g. `Address` or an as-types `Serializable`. */
// @ts-ignore: decorator
@inline
export function isSerializable<T>(): bool {
  // @ts-ignore: AssemblyScript generic checked at compile time
  return isDefined(changetype<T>(0).serialize) && isDefined(changetype<T>(0).deserialize);
}
