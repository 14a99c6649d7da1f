const EXPORT_SECTION = 7;
const FUNCTION_KIND = 0;

/**
 * The names of the functions a WebAssembly module exports, read from its export section; null
 * when the bytes are not a WebAssembly module (or one cut short).
 */
export function wasmFunctionExports(bytes: Uint8Array): string[] | null {
  const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (bytes.length < 8 || header.some((b, i) => bytes[i] !== b)) return null;
  let offset = 8;
  const u32 = (): number => {
    let result = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (offset >= bytes.length) throw new RangeError('truncated');
      const byte = bytes[offset++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
    }
    throw new RangeError('LEB128 too long');
  };
  try {
    while (offset < bytes.length) {
      const id = bytes[offset++]!;
      const size = u32();
      const end = offset + size;
      if (end > bytes.length) return null;
      if (id !== EXPORT_SECTION) {
        offset = end;
        continue;
      }
      const names: string[] = [];
      for (let count = u32(); count > 0; count--) {
        const length = u32();
        const name = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(offset, offset + length));
        offset += length;
        const kind = bytes[offset++];
        u32(); // the index
        if (kind === FUNCTION_KIND) names.push(name);
      }
      return offset === end ? names : null;
    }
    return [];
  } catch {
    return null;
  }
}
