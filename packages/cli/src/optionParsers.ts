import { PERIOD_TO_LIVE_MAX } from '@mason/client';
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

/** `--period-to-live`: periods after the node's last slot during which the operation may be included. */
export function periodToLive(value: string): number {
  const periods = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(periods) || periods < 1 || periods > PERIOD_TO_LIVE_MAX) {
    throw new InvalidArgumentError(`give a whole number of periods from 1 to ${PERIOD_TO_LIVE_MAX}, e.g. --period-to-live 3 (a node refuses more)`);
  }
  return periods;
}
