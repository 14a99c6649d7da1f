// Cursor over a WebAssembly binary: LEB128 integers, bytes, names.
import { WasmFormatError } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export class WasmReader {
  pos: number;
  readonly end: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    end = bytes.length,
  ) {
    this.pos = start;
    this.end = end;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  fail(message: string, at = this.pos): never {
    throw new WasmFormatError(message, at);
  }

  u8(): number {
    if (this.pos >= this.end) this.fail('unexpected end of section or function');
    return this.bytes[this.pos++]!;
  }

  u32(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = this.u8();
      if (shift === 28 && byte > 0x0f) this.fail('invalid var_u32: integer too large', this.pos - 1);
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7;
    }
  }

  /** Skips a signed LEB128 of at most `bits` bits. */
  skipSigned(bits: 32 | 33 | 64): void {
    const maxBytes = Math.ceil(bits / 7);
    for (let i = 0; i < maxBytes; i++) {
      if ((this.u8() & 0x80) === 0) return;
    }
    this.fail(`invalid var_i${bits}: integer representation too long`, this.pos - 1);
  }

  skip(count: number): void {
    if (this.pos + count > this.end) this.fail('unexpected end of section or function');
    this.pos += count;
  }

  take(count: number): Uint8Array {
    const start = this.pos;
    this.skip(count);
    return this.bytes.subarray(start, start + count);
  }

  name(): string {
    const length = this.u32();
    const at = this.pos;
    const raw = this.take(length);
    try {
      return utf8.decode(raw);
    } catch {
      return this.fail('malformed UTF-8 encoding', at);
    }
  }
}
