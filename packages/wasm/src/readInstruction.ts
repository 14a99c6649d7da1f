import type { WasmReader } from './WasmReader.js';

/** What the metering pass needs to know about one decoded instruction. */
export const InstructionKind = {
  /** Straight-line instruction. */
  Plain: 0,
  /** `block`, `loop` or `if`: opens a nested block. */
  Open: 1,
  /** `end`: closes a block (or the function body). */
  End: 2,
} as const;
export type InstructionKind = (typeof InstructionKind)[keyof typeof InstructionKind];

export interface InstructionInfo {
  kind: InstructionKind;
  /**
   * Ends a metered basic block, exactly as wasmer's metering middleware does (`is_accounting`):
   * loop, end, if, else, br, br_if, br_table, call, call_indirect, return.
   */
  accounting: boolean;
  /** A bulk memory/table operator whose count operand (on top of the stack) sets its work. */
  bulk?: true;
}

const PLAIN: InstructionInfo = { kind: InstructionKind.Plain, accounting: false };
const PLAIN_ACCOUNTING: InstructionInfo = { kind: InstructionKind.Plain, accounting: true };
const OPEN: InstructionInfo = { kind: InstructionKind.Open, accounting: false };
const OPEN_ACCOUNTING: InstructionInfo = { kind: InstructionKind.Open, accounting: true };
const END: InstructionInfo = { kind: InstructionKind.End, accounting: true };
const BULK: InstructionInfo = { kind: InstructionKind.Plain, accounting: false, bulk: true };

const VALUE_TYPES = new Set([0x7f, 0x7e, 0x7d, 0x7c]);

function readBlockType(reader: WasmReader): void {
  const at = reader.pos;
  const first = reader.u8();
  if (first === 0x40 || VALUE_TYPES.has(first)) return;
  if (first === 0x7b) reader.fail('SIMD support is not enabled', at);
  if (first === 0x70 || first === 0x6f) reader.fail('reference types support is not enabled', at);
  reader.fail('blocks, loops, and ifs may only produce a resulttype when multi-value is not enabled', at);
}

function readMemArg(reader: WasmReader): void {
  reader.u32();
  reader.u32();
}

function readZeroByte(reader: WasmReader): void {
  const at = reader.pos;
  if (reader.u8() !== 0) reader.fail('zero byte expected', at);
}

/**
 * Decodes one instruction of a function body, skipping its immediates. Accepts the feature set the
 * Massa runtime enables (MVP, bulk memory, sign extension, saturating float-to-int) and rejects the
 * rest (SIMD, threads, reference types, multi-value blocks, tail calls, exceptions).
 */
export function readInstruction(reader: WasmReader): InstructionInfo {
  const at = reader.pos;
  const opcode = reader.u8();
  switch (opcode) {
    case 0x00: // unreachable
    case 0x01: // nop
      return PLAIN;
    case 0x02: // block
      readBlockType(reader);
      return OPEN;
    case 0x03: // loop
    case 0x04: // if
      readBlockType(reader);
      return OPEN_ACCOUNTING;
    case 0x05: // else
      return PLAIN_ACCOUNTING;
    case 0x0b:
      return END;
    case 0x0c: // br
    case 0x0d: // br_if
      reader.u32();
      return PLAIN_ACCOUNTING;
    case 0x0e: {
      // br_table
      const count = reader.u32();
      for (let i = 0; i <= count; i++) reader.u32();
      return PLAIN_ACCOUNTING;
    }
    case 0x0f: // return
      return PLAIN_ACCOUNTING;
    case 0x10: // call
      reader.u32();
      return PLAIN_ACCOUNTING;
    case 0x11: // call_indirect
      reader.u32();
      readZeroByte(reader);
      return PLAIN_ACCOUNTING;
    case 0x12:
    case 0x13:
      return reader.fail('tail calls support is not enabled', at);
    case 0x06:
    case 0x07:
    case 0x08:
    case 0x09:
    case 0x18:
    case 0x19:
      return reader.fail('exceptions support is not enabled', at);
    case 0x1a: // drop
    case 0x1b: // select
      return PLAIN;
    case 0x1c:
    case 0x25:
    case 0x26:
    case 0xd0:
    case 0xd1:
    case 0xd2:
      return reader.fail('reference types support is not enabled', at);
    case 0x20:
    case 0x21:
    case 0x22:
    case 0x23:
    case 0x24:
      reader.u32();
      return PLAIN;
    case 0x3f: // memory.size
    case 0x40: // memory.grow
      readZeroByte(reader);
      return PLAIN;
    case 0x41:
      reader.skipSigned(32);
      return PLAIN;
    case 0x42:
      reader.skipSigned(64);
      return PLAIN;
    case 0x43:
      reader.skip(4);
      return PLAIN;
    case 0x44:
      reader.skip(8);
      return PLAIN;
    case 0xfc:
      return readPrefixed(reader, at);
    case 0xfd:
      return reader.fail('SIMD support is not enabled', at);
    case 0xfe:
      return reader.fail('threads support is not enabled', at);
    default:
      if (opcode >= 0x28 && opcode <= 0x3e) {
        readMemArg(reader);
        return PLAIN;
      }
      if (opcode >= 0x45 && opcode <= 0xc4) return PLAIN;
      return reader.fail(`illegal opcode: 0x${opcode.toString(16)}`, at);
  }
}

function readPrefixed(reader: WasmReader, at: number): InstructionInfo {
  const sub = reader.u32();
  if (sub <= 7) return PLAIN; // saturating float-to-int conversions
  switch (sub) {
    case 8: // memory.init
      reader.u32();
      readZeroByte(reader);
      return BULK;
    case 9: // data.drop
      reader.u32();
      return PLAIN;
    case 10: // memory.copy
      readZeroByte(reader);
      readZeroByte(reader);
      return BULK;
    case 11: // memory.fill
      readZeroByte(reader);
      return BULK;
    case 12: // table.init
      reader.u32();
      reader.u32();
      return BULK;
    case 13: // elem.drop
      reader.u32();
      return PLAIN;
    case 14: // table.copy
      reader.u32();
      reader.u32();
      return BULK;
    case 15:
    case 16:
    case 17:
      return reader.fail('reference types support is not enabled', at);
    default:
      return reader.fail(`unknown 0xfc subopcode: 0x${sub.toString(16)}`, at);
  }
}
