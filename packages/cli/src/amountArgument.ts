import { isMasonError, parseMas } from '@mason/codec';
import { CliError } from './errors.js';

/** An amount of MAS given as an argument (`mason transfer AU1… 1.5`), in nanoMAS. */
export function amountArgument(value: string): bigint {
  try {
    return parseMas(value);
  } catch (error) {
    throw new CliError('MASON_CLI_INVALID_AMOUNT', { value, reason: isMasonError(error) ? error.shortMessage : (error as Error).message });
  }
}
