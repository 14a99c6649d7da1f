// Standard base64 (RFC 4648 alphabet, `=` padding), the encoding of raw events (`generateRawEvent`).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function encodeBase64(bytes: StaticArray<u8>): string {
  const length = bytes.length;
  const outLength = ((length + 2) / 3) * 4;
  // @ts-ignore: AssemblyScript runtime builtin
  const out = changetype<string>(__new(<usize>outLength << 1, idof<string>()));
  const src = changetype<usize>(bytes);
  const dst = changetype<usize>(out);
  const alphabet = changetype<usize>(ALPHABET);
  let i = 0;
  let o: usize = 0;
  for (; i + 2 < length; i += 3, o += 8) {
    const n = (<u32>load<u8>(src + i) << 16) | (<u32>load<u8>(src + i + 1) << 8) | <u32>load<u8>(src + i + 2);
    store<u16>(dst + o, load<u16>(alphabet + ((n >> 18) << 1)));
    store<u16>(dst + o, load<u16>(alphabet + (((n >> 12) & 63) << 1)), 2);
    store<u16>(dst + o, load<u16>(alphabet + (((n >> 6) & 63) << 1)), 4);
    store<u16>(dst + o, load<u16>(alphabet + ((n & 63) << 1)), 6);
  }
  const rest = length - i;
  if (rest > 0) {
    let n = <u32>load<u8>(src + i) << 16;
    if (rest == 2) n |= <u32>load<u8>(src + i + 1) << 8;
    store<u16>(dst + o, load<u16>(alphabet + ((n >> 18) << 1)));
    store<u16>(dst + o, load<u16>(alphabet + (((n >> 12) & 63) << 1)), 2);
    store<u16>(dst + o, rest == 2 ? load<u16>(alphabet + (((n >> 6) & 63) << 1)) : 0x3d, 4);
    store<u16>(dst + o, 0x3d, 6);
  }
  return out;
}

function sextet(code: u32): i32 {
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61 + 26;
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 52;
  if (code == 0x2b) return 62;
  if (code == 0x2f) return 63;
  return -1;
}

/** Decodes padded standard base64; aborts on other input. */
export function decodeBase64(text: string): StaticArray<u8> {
  const length = text.length;
  if (length % 4 != 0) throw new Error('decodeBase64: length ' + length.toString() + ' is not a multiple of 4');
  let padding = 0;
  if (length > 0 && text.charCodeAt(length - 1) == 0x3d) padding++;
  if (length > 1 && text.charCodeAt(length - 2) == 0x3d) padding++;
  const out = new StaticArray<u8>((length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < length; i += 4) {
    let n: u32 = 0;
    for (let j = 0; j < 4; j++) {
      const code = <u32>text.charCodeAt(i + j);
      let value = sextet(code);
      if (value < 0) {
        if (code != 0x3d || i + j < length - padding) {
          throw new Error('decodeBase64: invalid character at ' + (i + j).toString());
        }
        value = 0;
      }
      n = (n << 6) | <u32>value;
    }
    out[o++] = <u8>(n >> 16);
    if (o < out.length) out[o++] = <u8>(n >> 8);
    if (o < out.length) out[o++] = <u8>n;
  }
  return out;
}
