import { CodecError } from './errors.js';

/**
 * `build/<name>.abi.json`: a contract's interface, inferred by `mason build` from the contract's
 * source (see docs/abi.md). Everything a caller needs to encode arguments and decode results.
 */
export const ABI_FORMAT = 'mason-abi/1';

/** The value types of `Args`, and what an `Args` array holds. */
export const ABI_SCALAR_TYPES = [
  'bool',
  'u8',
  'i8',
  'u16',
  'i16',
  'u32',
  'i32',
  'u64',
  'i64',
  'u128',
  'i128',
  'u256',
  'i256',
  'f32',
  'f64',
  'string',
  'bytes',
] as const;
export type AbiScalarType = (typeof ABI_SCALAR_TYPES)[number];

/**
 * A scalar type, `T[]` (an `Args` array of T), the name of a struct in `Abi.structs` (a
 * `Serializable` class, its fields in order), or `unknown`: what Mason could not read.
 */
export type AbiType = string;

export interface AbiValue {
  /** The variable, field or parameter the value is read into; null when the source names none. */
  name: string | null;
  type: AbiType;
  /** `address`: a string the contract turns into an `Address`. */
  format?: 'address';
  /** Read only on some paths (inside an `if`): a caller may leave it out. */
  optional?: true;
}

/**
 * How a function's returned bytes are laid out: `raw` — one value as the SDK's `…ToBytes` helpers
 * write it (a string as bare UTF-8); `args` — `new Args().add(…)…serialize()`, values in order.
 */
export type AbiReturns = { encoding: 'raw'; type: AbiType } | { encoding: 'args'; values: AbiValue[] } | { encoding: 'unknown' };

/**
 * An event a function emits. `generateEvent("NAME")`, `createEvent("NAME", [a, b])` and
 * `` `NAME:${a},${b}` `` have a `name` (the text before `:`) and `fields` (the comma-separated
 * values after it). Any other text built of constants and values, such as `` `Sum: ${a} + ${b}` ``,
 * has no name but a `text` where each value is `{field}` (`{}` when it has no name): `Sum: {a} + {b}`.
 */
export interface AbiEvent {
  name: string | null;
  fields: AbiValue[];
  text?: string;
}

export interface AbiFunction {
  name: string;
  /** The `Args` the function reads from its `StaticArray<u8>` argument, in order; `unknown` when Mason could not follow them. */
  params: AbiValue[] | 'unknown';
  /** null: returns nothing. */
  returns: AbiReturns | null;
  events: AbiEvent[];
  /** Whether params, returns and events were all read (`notes` says what was not, and why). */
  complete: boolean;
  notes: string[];
}

export interface AbiStruct {
  fields: AbiValue[];
}

export interface Abi {
  format: typeof ABI_FORMAT;
  contract: string;
  /** Entry file, relative to the project root. */
  source: string;
  functions: AbiFunction[];
  structs: Record<string, AbiStruct>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(where: string, reason: string): CodecError {
  return new CodecError('MASON_CODEC_ABI_INVALID', { where, reason });
}

function checkValues(value: unknown, where: string): void {
  if (!Array.isArray(value)) throw invalid(where, 'it must be an array');
  value.forEach((entry, index) => {
    if (!isObject(entry)) throw invalid(`${where}[${index}]`, 'it must be an object');
    if (entry.name !== null && typeof entry.name !== 'string') throw invalid(`${where}[${index}].name`, 'it must be a string or null');
    if (typeof entry.type !== 'string' || entry.type === '') throw invalid(`${where}[${index}].type`, 'it must be a type name');
  });
}

function checkReturns(value: unknown, where: string): void {
  if (value === null) return;
  if (!isObject(value)) throw invalid(where, 'it must be an object or null');
  if (value.encoding === 'raw') {
    if (typeof value.type !== 'string') throw invalid(`${where}.type`, 'it must be a type name');
  } else if (value.encoding === 'args') checkValues(value.values, `${where}.values`);
  else if (value.encoding !== 'unknown') throw invalid(`${where}.encoding`, 'it must be raw, args or unknown');
}

/** Reads the text of an `.abi.json`, checking every field a reader relies on. Throws MASON_CODEC_ABI_INVALID naming the field. */
export function parseAbi(text: string): Abi {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid('the file', `not JSON (${(error as Error).message})`);
  }
  if (!isObject(parsed)) throw invalid('the file', 'it must be an object');
  if (parsed.format !== ABI_FORMAT) throw invalid('format', `${JSON.stringify(parsed.format)} is not supported (this version reads ${ABI_FORMAT})`);
  if (typeof parsed.contract !== 'string') throw invalid('contract', 'it must be a string');
  if (!Array.isArray(parsed.functions)) throw invalid('functions', 'it must be an array');
  parsed.functions.forEach((fn, index) => {
    const where = `functions[${index}]`;
    if (!isObject(fn) || typeof fn.name !== 'string') throw invalid(where, 'it must be an object with a name');
    if (fn.params !== 'unknown') checkValues(fn.params, `${where}.params`);
    checkReturns(fn.returns, `${where}.returns`);
    if (!Array.isArray(fn.events)) throw invalid(`${where}.events`, 'it must be an array');
  });
  if (!isObject(parsed.structs)) throw invalid('structs', 'it must be an object');
  for (const [name, struct] of Object.entries(parsed.structs)) {
    if (!isObject(struct)) throw invalid(`structs.${name}`, 'it must be an object');
    checkValues(struct.fields, `structs.${name}.fields`);
  }
  return parsed as unknown as Abi;
}
