import type { AbiReturns, AbiStruct, AbiType, AbiValue } from './abi.js';
import { Args } from './args.js';
import { decodeUtf8 } from './bytes.js';
import { CodecError } from './errors.js';

/** A value of an ABI type in JavaScript: integers as bigint, floats as number, bytes as Uint8Array, a struct as an object by field. */
export type AbiJsValue = boolean | bigint | number | string | Uint8Array | AbiJsValue[] | { [field: string]: AbiJsValue };

type Structs = Record<string, AbiStruct>;

const INTS: Record<string, number> = { u8: 1, i8: 1, u16: 2, i16: 2, u32: 4, i32: 4, u64: 8, i64: 8, u128: 16, i128: 16, u256: 32, i256: 32 };

const bad = (where: string, type: AbiType, reason: string) => new CodecError('MASON_CODEC_ABI_VALUE', { where, type, reason });

function integer(value: AbiJsValue, where: string, type: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  throw bad(where, type, `${describe(value)} is not an integer`);
}

function describe(value: AbiJsValue): string {
  if (value instanceof Uint8Array) return 'bytes';
  if (typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? String(value);
}

function writeInt(args: Args, type: string, n: bigint, where: string): void {
  const bits = BigInt(INTS[type]! * 8);
  const signed = type.startsWith('i');
  const min = signed ? -(1n << (bits - 1n)) : 0n;
  const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
  if (n < min || n > max) throw bad(where, type, `${n} is out of range (${min} to ${max})`);
  const method = `add${type.toUpperCase()}` as 'addU8';
  args[method](n);
}

/** Appends `value` as `type`, the way the contract's `Args` reads it. Throws MASON_CODEC_ABI_VALUE naming `where`. */
export function writeAbiValue(args: Args, type: AbiType, value: AbiJsValue, structs: Structs, where: string): void {
  if (type in INTS) return writeInt(args, type, integer(value, where, type), where);
  switch (type) {
    case 'bool':
      if (typeof value !== 'boolean') throw bad(where, type, `${describe(value)} is not true or false`);
      args.addBool(value);
      return;
    case 'f32':
    case 'f64':
      if (typeof value !== 'number') throw bad(where, type, `${describe(value)} is not a number`);
      if (type === 'f32') args.addF32(value);
      else args.addF64(value);
      return;
    case 'string':
      if (typeof value !== 'string') throw bad(where, type, `${describe(value)} is not a string`);
      args.addString(value);
      return;
    case 'bytes':
      if (!(value instanceof Uint8Array)) throw bad(where, type, `${describe(value)} is not bytes (a Uint8Array)`);
      args.addUint8Array(value);
      return;
    case 'unknown':
      throw bad(where, type, 'its type could not be read from the contract source: pass the arguments as Args bytes');
  }
  if (type.endsWith('[]')) {
    if (!Array.isArray(value)) throw bad(where, type, `${describe(value)} is not an array`);
    const element = type.slice(0, -2);
    const inner = new Args();
    value.forEach((item, index) => {
      writeAbiValue(inner, element, item, structs, `${where}[${index}]`);
    });
    args.addUint8Array(inner.serialize());
    return;
  }
  const struct = structs[type];
  if (!struct) throw bad(where, type, `the ABI defines no type ${type}`);
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array || Array.isArray(value)) {
    throw bad(where, type, `${describe(value)} is not an object with the fields ${struct.fields.map((f) => f.name).join(', ')}`);
  }
  struct.fields.forEach((field, index) => {
    const key = field.name ?? String(index);
    if (!(key in value)) throw bad(`${where}.${key}`, field.type, 'the field is missing');
    writeAbiValue(args, field.type, value[key]!, structs, `${where}.${key}`);
  });
}

/** Reads one value of `type` as the contract's `Args` writes it. */
export function readAbiValue(args: Args, type: AbiType, structs: Structs): AbiJsValue {
  if (type in INTS) {
    const method = `next${type.toUpperCase()}` as 'nextU8';
    const n = args[method]();
    return INTS[type]! <= 4 ? Number(n) : n;
  }
  switch (type) {
    case 'bool':
      return args.nextBool();
    case 'f32':
      return args.nextF32();
    case 'f64':
      return args.nextF64();
    case 'string':
      return args.nextString();
    case 'bytes':
      return args.nextUint8Array();
  }
  if (type.endsWith('[]')) {
    const content = new Args(args.nextUint8Array());
    const out: AbiJsValue[] = [];
    while (content.remaining > 0) out.push(readAbiValue(content, type.slice(0, -2), structs));
    return out;
  }
  const struct = structs[type];
  if (!struct) throw bad('the value', type, type === 'unknown' ? 'its type could not be read from the contract source' : `the ABI defines no type ${type}`);
  const object: Record<string, AbiJsValue> = {};
  struct.fields.forEach((field, index) => {
    object[field.name ?? String(index)] = readAbiValue(args, field.type, structs);
  });
  return object;
}

/** The `Args` bytes of a call: one value per parameter, in order (optional ones may be left out at the end). */
export function encodeAbiArgs(params: readonly AbiValue[], values: readonly AbiJsValue[], structs: Structs = {}): Uint8Array {
  const required = params.filter((param) => !param.optional).length;
  if (values.length < required || values.length > params.length) {
    const wanted = required === params.length ? `${params.length}` : `${required} to ${params.length}`;
    throw bad('the call', params.map((p) => p.type).join(', ') || 'no arguments', `it takes ${wanted} argument(s), ${values.length} given`);
  }
  const args = new Args();
  values.forEach((value, index) => {
    const param = params[index]!;
    writeAbiValue(args, param.type, value, structs, param.name ?? `argument ${index + 1}`);
  });
  return args.serialize();
}

/**
 * What a function returned, decoded by its ABI: `raw` — the one value (a string as bare UTF-8);
 * `args` — the one value, or an array when it returns several. Throws on bytes of another shape.
 */
export function decodeAbiReturns(bytes: Uint8Array, returns: AbiReturns, structs: Structs = {}): AbiJsValue | AbiJsValue[] {
  if (returns.encoding === 'unknown') throw bad('the result', 'unknown', 'its layout could not be read from the contract source');
  if (returns.encoding === 'args') {
    const args = new Args(bytes);
    const values = returns.values.map((value) => readAbiValue(args, value.type, structs));
    if (args.remaining !== 0) throw new CodecError('MASON_CODEC_TRAILING_BYTES', { what: 'the result', count: args.remaining, offset: args.offset });
    return values.length === 1 ? values[0]! : values;
  }
  const { type } = returns;
  if (type === 'string') return decodeUtf8(bytes, 'the result');
  if (type === 'bytes') return bytes.slice();
  const size = type === 'bool' ? 1 : type === 'f32' ? 4 : type === 'f64' ? 8 : INTS[type];
  if (size === undefined) throw bad('the result', type, 'a raw result is one scalar value');
  if (bytes.length !== size) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what: `the result (${type})`, expected: size, actual: bytes.length });
  if (type === 'bool' && bytes[0]! > 1) throw bad('the result', type, `the byte is ${bytes[0]}, not 0 or 1`);
  return readAbiValue(new Args(bytes), type, structs);
}
