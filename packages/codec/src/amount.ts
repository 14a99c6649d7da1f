import { CodecError } from './errors.js';

/** 1 MAS in nanoMAS, the unit of every amount on the wire. */
export const MAS = 1_000_000_000n;
export const MAX_AMOUNT = 0xffff_ffff_ffff_ffffn;

/** "1.5" → 1_500_000_000n. Accepts what the node accepts: unsigned, at most 9 decimals, fits u64. */
export function parseMas(text: string): bigint {
  if (typeof text !== 'string') throw new CodecError('MASON_CODEC_AMOUNT_SYNTAX', { text: String(text) });
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) throw new CodecError('MASON_CODEC_AMOUNT_NEGATIVE', { text });
  const match = /^(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) throw new CodecError('MASON_CODEC_AMOUNT_SYNTAX', { text });
  const [, whole, decimals = ''] = match;
  if (decimals.length > 9) throw new CodecError('MASON_CODEC_AMOUNT_TOO_MANY_DECIMALS', { text });
  const value = BigInt(whole!) * MAS + BigInt(decimals.padEnd(9, '0'));
  if (value > MAX_AMOUNT) throw new CodecError('MASON_CODEC_AMOUNT_OVERFLOW', { text });
  return value;
}

/** 1_500_000_000n → "1.5": the node's format, no trailing zeros, no exponent. */
export function formatMas(nanoMas: bigint): string {
  const value = checkAmount(nanoMas);
  const whole = value / MAS;
  const fraction = (value % MAS).toString().padStart(9, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** Accepts nanoMAS as bigint or a safe integer number, or MAS as a decimal string. */
export function toNanoMas(amount: bigint | number | string): bigint {
  if (typeof amount === 'string') return parseMas(amount);
  if (typeof amount === 'number' && !Number.isSafeInteger(amount)) throw new CodecError('MASON_CODEC_AMOUNT_SYNTAX', { text: String(amount) });
  return checkAmount(BigInt(amount));
}

function checkAmount(value: bigint): bigint {
  if (value < 0n) throw new CodecError('MASON_CODEC_AMOUNT_NEGATIVE', { text: value.toString() });
  if (value > MAX_AMOUNT) throw new CodecError('MASON_CODEC_AMOUNT_OVERFLOW', { text: value.toString() });
  return value;
}
