import { parseMas } from '@mason/codec';
import { InvalidArgumentError } from 'commander';

/** `--coins`, `--fee`: an amount of MAS (commander prints the refusal with the option's name). */
export function masAmount(value: string): bigint {
  try {
    return parseMas(value);
  } catch {
    throw new InvalidArgumentError('an amount of MAS is a non-negative decimal with at most 9 decimals, e.g. 0.1');
  }
}

/** `--max-gas`: a whole number of gas units. */
export function gasAmount(value: string): bigint {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('gas is a whole number, e.g. 10000000');
  return BigInt(value);
}
