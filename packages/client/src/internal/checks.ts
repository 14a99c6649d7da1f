import { isValidAddress } from '@mason/codec';
import { ClientError } from '../errors.js';

/** Amounts and counts are u64 on the wire. */
const U64_MAX = 0xffff_ffff_ffff_ffffn;

export function checkAmount(name: string, value: bigint): bigint {
  if (typeof value !== 'bigint' || value < 0n || value > U64_MAX) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', {
      name,
      value: String(value),
      expected: 'a bigint amount of nanoMAS in [0, 2^64 - 1] (use parseMas("1.5") for MAS)',
    });
  }
  return value;
}

export function checkCount(name: string, value: bigint | number): bigint {
  const valid = typeof value === 'bigint' || Number.isSafeInteger(value);
  const count = valid ? BigInt(value) : -1n;
  if (count < 1n || count > U64_MAX) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name, value: String(value), expected: 'a positive integer' });
  }
  return count;
}

export function checkAddress(name: string, value: string): string {
  const text = String(value);
  if (!isValidAddress(text)) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name, value: text, expected: 'an address "AU…" or "AS…"' });
  }
  return text;
}

export function checkMaxGas(operation: string, maxGas: bigint, min: bigint, max: bigint): bigint {
  if (typeof maxGas !== 'bigint') {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name: 'maxGas', value: String(maxGas), expected: 'a bigint' });
  }
  if (maxGas < min || maxGas > max) throw new ClientError('MASON_CLIENT_MAX_GAS_OUT_OF_RANGE', { operation, maxGas, min, max });
  return maxGas;
}

export function checkPeriodToLive(periodToLive: number, max: number): number {
  if (!Number.isInteger(periodToLive) || periodToLive < 1 || periodToLive > max) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', {
      name: 'periodToLive',
      value: String(periodToLive),
      expected: `an integer in [1, ${max}]`,
    });
  }
  return periodToLive;
}

/** Gas a dry run used plus 20 %, within [min, max] (reference §15.3). */
export function gasWithMargin(gasCost: number, min: bigint, max: bigint): bigint {
  const padded = (BigInt(gasCost) * 12n + 9n) / 10n;
  return padded < min ? min : padded > max ? max : padded;
}
