import { toHex } from '@mason/codec';
import { decodeAbiReturns, isCodecError, type AbiFunction, type AbiJsValue, type AbiReturns, type AbiStruct } from '@mason/codec/base';
import type { DecodedReturn } from './decodeReturn.js';
import { CliError } from './errors.js';

/** `u64`, `Args(string, u64)`. */
export function returnsText(returns: AbiReturns): string {
  if (returns.encoding === 'raw') return returns.type;
  if (returns.encoding === 'args') return `Args(${returns.values.map((v) => v.type).join(', ')})`;
  return 'unknown';
}

/** For --json: bigints as decimal strings, bytes as hex, the rest as JSON holds it. */
export function toJson(value: AbiJsValue): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return toHex(value);
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJson(v)]));
  return value;
}

function toText(value: AbiJsValue): string {
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return `0x${toHex(value)}`;
  return JSON.stringify(toJson(value));
}

/** What a function returned, decoded by its ABI (null when the ABI does not know the layout). */
export function decodeAbiResult(bytes: Uint8Array, fn: AbiFunction, structs: Record<string, AbiStruct>): DecodedReturn | null {
  const returns = fn.returns;
  if (returns === null || returns.encoding === 'unknown') return null;
  try {
    const value = decodeAbiReturns(bytes, returns, structs);
    return { text: toText(value), json: toJson(value) as DecodedReturn['json'] };
  } catch (error) {
    if (!isCodecError(error)) throw error;
    throw new CliError('MASON_CLI_ABI_BAD_RESULT', {
      func: fn.name,
      returns: returnsText(returns),
      length: bytes.length,
      hex: toHex(bytes),
      reason: error.shortMessage,
    });
  }
}
