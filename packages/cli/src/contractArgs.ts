import { Args, fromHex } from '@mason/codec';
import { CliError } from './errors.js';

export const ARG_TYPES = [
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
type ArgType = (typeof ARG_TYPES)[number];

/** Names people try first, and the type they mean. */
const LIKELY: Record<string, ArgType> = {
  int: 'i32',
  integer: 'i32',
  uint: 'u32',
  long: 'i64',
  number: 'f64',
  float: 'f64',
  double: 'f64',
  boolean: 'bool',
  str: 'string',
  text: 'string',
  address: 'string',
  hex: 'bytes',
  u: 'u64',
  i: 'i32',
};

/**
 * Serializes command-line arguments written `type:value` (`i32:2 string:Mason bytes:0a0b`) into
 * the Args bytes a contract function reads, in order. Every malformed value is reported at once.
 */
export function encodeContractArgs(values: readonly string[], option = '--args'): Uint8Array {
  const args = new Args();
  const problems: string[] = [];
  let typeProblems = false;
  for (const raw of values) {
    const problem = add(args, raw);
    if (problem) problems.push(`${raw}: ${problem.text}`);
    typeProblems ||= problem?.aboutType === true;
  }
  if (problems.length === 0) return args.serialize();
  const types = typeProblems ? ` (types: ${ARG_TYPES.join(', ')})` : '';
  const text =
    problems.length === 1 ? `${option} ${problems[0]}${types}` : `${option}: ${problems.length} values are wrong${types}:\n  ${problems.join('\n  ')}`;
  throw new CliError('MASON_CLI_BAD_ARGS', { problems: text });
}

function add(args: Args, raw: string): { text: string; aboutType: boolean } | null {
  const colon = raw.indexOf(':');
  const type = colon > 0 ? raw.slice(0, colon) : '';
  const value = raw.slice(colon + 1);
  if (!(ARG_TYPES as readonly string[]).includes(type)) return { text: typeProblem(raw, type, value, colon), aboutType: true };
  const problem = addTyped(args, type as ArgType, value);
  return problem === null ? null : { text: problem, aboutType: false };
}

function typeProblem(raw: string, type: string, value: string, colon: number): string {
  if (colon <= 0) {
    const example = /^-?\d+$/.test(raw) ? `i32:${raw} or u64:${raw}` : /^-?\d*\.\d+$/.test(raw) ? `f64:${raw}` : `string:${raw}`;
    return `a value is written type:value, e.g. ${example}`;
  }
  const likely = LIKELY[type.toLowerCase()];
  return likely ? `there is no type "${type}": did you mean ${likely}:${value}?` : `there is no type "${type}"`;
}

function integerRange(type: ArgType): [bigint, bigint] {
  const bits = BigInt(type.slice(1));
  return type.startsWith('u') ? [0n, (1n << bits) - 1n] : [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n];
}

function addTyped(args: Args, type: ArgType, value: string): string | null {
  switch (type) {
    case 'bool':
      if (value !== 'true' && value !== 'false') return `a bool is true or false, not "${value}"`;
      args.addBool(value === 'true');
      return null;
    case 'string':
      args.addString(value);
      return null;
    case 'bytes': {
      const hex = value.replace(/^0x/, '');
      if (!/^([0-9a-fA-F]{2})*$/.test(hex)) return `bytes are written in hex, two digits a byte (e.g. bytes:0a0b), not "${value}"`;
      args.addUint8Array(fromHex(hex));
      return null;
    }
    case 'f32':
    case 'f64': {
      const n = Number(value);
      if (value.trim() === '' || Number.isNaN(n)) return `"${value}" is not a number`;
      if (type === 'f32') args.addF32(n);
      else args.addF64(n);
      return null;
    }
    default: {
      if (!/^-?\d+$/.test(value)) return `"${value}" is not an integer (${type} takes a whole number)`;
      const n = BigInt(value);
      const [min, max] = integerRange(type);
      if (n < min || n > max) return `${value} is out of range for ${type} (${min} to ${max})`;
      const method = `add${type.toUpperCase()}` as 'addU8';
      args[method](n);
      return null;
    }
  }
}
