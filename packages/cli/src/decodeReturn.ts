import { toHex } from '@mason/codec';
import { InvalidArgumentError } from 'commander';
import { printableText } from '@mason/codec/base';
import { ARG_TYPES } from './contractArgs.js';
import { CliError } from './errors.js';

/** What a function's result decodes as: the same value types as `--args`. */
export const RETURN_TYPES = ARG_TYPES;
export type ReturnType = (typeof RETURN_TYPES)[number];

/** `--returns <type>`. */
export function returnType(value: string): ReturnType {
  if ((RETURN_TYPES as readonly string[]).includes(value)) return value as ReturnType;
  throw new InvalidArgumentError(`the types are ${RETURN_TYPES.join(', ')}`);
}

export interface DecodedReturn {
  /** For people: 1000, true, Hello (no quotes), 0a0b. */
  text: string;
  /** For --json: a number or boolean where JSON holds it exactly, else a string (64-bit and wider integers). */
  json: string | number | boolean;
}

const FLOAT_SIZE = { f32: 4, f64: 8 } as const;

/**
 * A function's returned bytes read as `type`, as the SDK writes them: numbers little-endian with
 * no padding (`u64ToBytes`, or one value of `Args`, which are the same bytes), a bool as one byte,
 * a string as raw UTF-8 (`stringToBytes`) or Args-encoded (u32 length first).
 */
export function decodeReturn(bytes: Uint8Array, type: ReturnType): DecodedReturn {
  const fail = (reason: string) => new CliError('MASON_CLI_BAD_RETURNS', { type, length: bytes.length, hex: toHex(bytes), reason });
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (type) {
    case 'bytes':
      return { text: `0x${toHex(bytes)}`, json: toHex(bytes) };
    case 'string': {
      const argsEncoded = bytes.length >= 4 && view.getUint32(0, true) === bytes.length - 4;
      const text = printableText(argsEncoded ? bytes.subarray(4) : bytes);
      if (text === null) throw fail('it is not printable UTF-8 text');
      return { text, json: text };
    }
    case 'bool':
      if (bytes.length !== 1 || bytes[0]! > 1) throw fail('a bool is one byte, 0 or 1');
      return { text: String(bytes[0] === 1), json: bytes[0] === 1 };
    case 'f32':
    case 'f64': {
      if (bytes.length !== FLOAT_SIZE[type]) throw fail(`a ${type} is ${FLOAT_SIZE[type]} bytes`);
      const n = type === 'f32' ? view.getFloat32(0, true) : view.getFloat64(0, true);
      return { text: String(n), json: Number.isFinite(n) ? n : String(n) };
    }
    default: {
      const size = Number(type.slice(1)) / 8;
      if (bytes.length !== size) throw fail(`a ${type} is ${size} byte${size === 1 ? '' : 's'}`);
      let n = 0n;
      for (let i = size - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
      if (type.startsWith('i')) n = BigInt.asIntN(size * 8, n);
      return { text: n.toString(), json: size <= 4 ? Number(n) : n.toString() };
    }
  }
}
