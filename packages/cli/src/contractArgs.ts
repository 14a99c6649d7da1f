import { Args, fromHex } from '@mason/codec';
import { InvalidArgumentError } from 'commander';

const TYPES = ['bool', 'u8', 'i8', 'u16', 'i16', 'u32', 'i32', 'u64', 'i64', 'u128', 'i128', 'u256', 'i256', 'f32', 'f64', 'string', 'bytes'] as const;
type ArgType = (typeof TYPES)[number];

/**
 * Serializes command-line arguments written `type:value` (`i32:2 string:Mason bytes:0a0b`) into
 * the Args bytes a contract function reads, in order.
 */
export function encodeContractArgs(values: readonly string[]): Uint8Array {
  const args = new Args();
  for (const raw of values) {
    const colon = raw.indexOf(':');
    const type = (colon > 0 ? raw.slice(0, colon) : '') as ArgType;
    const value = raw.slice(colon + 1);
    if (!TYPES.includes(type)) {
      throw new InvalidArgumentError(`"${raw}" must be written type:value, with type one of ${TYPES.join(', ')} (e.g. i32:2 or string:Mason).`);
    }
    try {
      add(args, type, value);
    } catch (error) {
      throw new InvalidArgumentError(`"${raw}": ${(error as Error).message}`);
    }
  }
  return args.serialize();
}

function integer(value: string): bigint {
  if (!/^-?\d+$/.test(value)) throw new Error(`${value} is not an integer`);
  return BigInt(value);
}

function add(args: Args, type: ArgType, value: string): void {
  switch (type) {
    case 'bool':
      if (value !== 'true' && value !== 'false') throw new Error('a bool is true or false');
      args.addBool(value === 'true');
      return;
    case 'string':
      args.addString(value);
      return;
    case 'bytes':
      args.addUint8Array(fromHex(value.replace(/^0x/, '')));
      return;
    case 'f32':
    case 'f64': {
      const n = Number(value);
      if (value.trim() === '' || Number.isNaN(n)) throw new Error(`${value} is not a number`);
      type === 'f32' ? args.addF32(n) : args.addF64(n);
      return;
    }
    default: {
      const method = `add${type.toUpperCase()}` as 'addU8';
      args[method](integer(value));
    }
  }
}
