/**
 * Decodes a datastore key list as returned by `get_keys`, `get_keys_for`, `get_op_keys` and
 * `get_op_keys_prefix`: u32 LE count, then per key a u8 length and the key bytes.
 * A buffer shorter than 4 bytes is an empty list.
 */
export function decodeKeyList(encoded: StaticArray<u8>): Array<StaticArray<u8>> {
  const total = encoded.length;
  if (total < 4) return [];
  const base = changetype<usize>(encoded);
  const count = load<u32>(base);
  const keys = new Array<StaticArray<u8>>();
  let at = 4;
  for (let i: u32 = 0; i < count; i++) {
    if (at >= total) throw new Error('malformed key list: ' + count.toString() + ' keys announced, ' + i.toString() + ' present');
    const length = <i32>load<u8>(base + at);
    at++;
    if (at + length > total) throw new Error('malformed key list: key ' + i.toString() + ' runs past the end');
    const key = new StaticArray<u8>(length);
    memory.copy(changetype<usize>(key), base + at, length);
    keys.push(key);
    at += length;
  }
  return keys;
}
