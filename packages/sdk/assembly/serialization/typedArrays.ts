export function staticArrayToUint8Array(bytes: StaticArray<u8>): Uint8Array {
  const array = new Uint8Array(bytes.length);
  memory.copy(array.dataStart, changetype<usize>(bytes), bytes.length);
  return array;
}

export function uint8ArrayToStaticArray(array: Uint8Array): StaticArray<u8> {
  const bytes = new StaticArray<u8>(array.length);
  memory.copy(changetype<usize>(bytes), array.dataStart, array.length);
  return bytes;
}

export function bytesEqual(a: StaticArray<u8>, b: StaticArray<u8>): bool {
  return a.length == b.length && memory.compare(changetype<usize>(a), changetype<usize>(b), a.length) == 0;
}

export function concatBytes(a: StaticArray<u8>, b: StaticArray<u8>): StaticArray<u8> {
  const bytes = new StaticArray<u8>(a.length + b.length);
  memory.copy(changetype<usize>(bytes), changetype<usize>(a), a.length);
  memory.copy(changetype<usize>(bytes) + a.length, changetype<usize>(b), b.length);
  return bytes;
}
