/** UTF-8 bytes of `value`, no length prefix (the form `Storage` uses for string keys and values). Aborts on lone surrogates. */
export function stringToBytes(value: string): StaticArray<u8> {
  const length = String.UTF8.byteLength(value);
  const bytes = new StaticArray<u8>(length);
  String.UTF8.encodeUnsafe(
    changetype<usize>(value),
    value.length,
    changetype<usize>(bytes),
    false,
    String.UTF8.ErrorMode.ERROR,
  );
  return bytes;
}

/** Decodes UTF-8 bytes (no length prefix). */
export function bytesToString(bytes: StaticArray<u8>): string {
  return String.UTF8.decodeUnsafe(changetype<usize>(bytes), bytes.length);
}
