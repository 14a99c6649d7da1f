import { CompilerError } from '../errors.js';

/** i32/i64 add, sub, mul: allowed in constant expressions by the extended-const proposal. */
const EXTENDED_CONST_OPCODES = new Set([0x6a, 0x6b, 0x6c, 0x7c, 0x7d, 0x7e]);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Cursor over a WebAssembly binary; malformed input throws MASON_COMPILER_INVALID_WASM. */
export class WasmReader {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly what: string,
    start = 0,
    readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  fail(reason: string, at = this.pos): never {
    throw new CompilerError('MASON_COMPILER_INVALID_WASM', { what: this.what, reason: `${reason} at offset ${at}` });
  }

  u8(): number {
    if (this.pos >= this.end) this.fail('unexpected end');
    return this.bytes[this.pos++]!;
  }

  u32(): number {
    let result = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = this.u8();
      if (shift === 28 && byte > 0x0f) this.fail('LEB128 integer too large', this.pos - 1);
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
    }
  }

  /** Skips a signed LEB128 integer. */
  skipSigned(): void {
    while (this.u8() & 0x80);
  }

  /** Skips a constant expression (global initializers, segment offsets) and its `end`. */
  skipConstExpr(): void {
    for (;;) {
      const opcode = this.u8();
      if (opcode === 0x0b) return;
      if (opcode === 0x41 || opcode === 0x42) this.skipSigned();
      else if (opcode === 0x43) this.skip(4);
      else if (opcode === 0x44) this.skip(8);
      else if (opcode === 0x23 || opcode === 0xd2) this.u32();
      else if (opcode === 0xd0) this.u8();
      else if (!EXTENDED_CONST_OPCODES.has(opcode)) {
        this.fail(`unexpected opcode 0x${opcode.toString(16)} in a constant expression`, this.pos - 1);
      }
    }
  }

  skip(count: number): void {
    if (this.pos + count > this.end) this.fail('unexpected end');
    this.pos += count;
  }

  take(count: number): Uint8Array {
    const start = this.pos;
    this.skip(count);
    return this.bytes.subarray(start, this.pos);
  }

  name(): string {
    const at = this.pos;
    try {
      return utf8.decode(this.take(this.u32()));
    } catch (error) {
      if (error instanceof CompilerError) throw error;
      return this.fail('malformed UTF-8 name', at);
    }
  }
}
