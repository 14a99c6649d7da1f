/** Growable byte buffer with the LEB128 encodings a module rewrite needs. */
export class WasmWriter {
  private buffer: Uint8Array;
  length = 0;

  constructor(capacity = 1024) {
    this.buffer = new Uint8Array(capacity);
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }

  byte(value: number): this {
    this.reserve(1);
    this.buffer[this.length++] = value;
    return this;
  }

  bytes(values: Uint8Array): this {
    this.reserve(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
    return this;
  }

  u32(value: number): this {
    let rest = value >>> 0;
    do {
      let byte = rest & 0x7f;
      rest >>>= 7;
      if (rest !== 0) byte |= 0x80;
      this.byte(byte);
    } while (rest !== 0);
    return this;
  }

  /** Signed LEB128 of an i32 (for `i32.const`). */
  i32(value: number): this {
    let rest = value | 0;
    for (;;) {
      const byte = rest & 0x7f;
      rest >>= 7;
      if ((rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0)) return this.byte(byte);
      this.byte(byte | 0x80);
    }
  }

  i64(value: bigint): this {
    let rest = BigInt.asIntN(64, value);
    for (;;) {
      const byte = Number(rest & 0x7fn);
      rest >>= 7n;
      const signBit = (byte & 0x40) !== 0;
      if ((rest === 0n && !signBit) || (rest === -1n && signBit)) {
        this.byte(byte);
        return this;
      }
      this.byte(byte | 0x80);
    }
  }

  name(value: string): this {
    const encoded = new TextEncoder().encode(value);
    return this.u32(encoded.length).bytes(encoded);
  }

  /** Writes a section: id, size, then the payload built by `fill`. */
  section(id: number, payload: Uint8Array): this {
    return this.byte(id).u32(payload.length).bytes(payload);
  }

  toBytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
