import { decodeBlockId, decodeOperationId, isMasonError } from '@mason/codec';
import { CliError } from './errors.js';

const reason = (error: unknown) => (isMasonError(error) ? error.shortMessage : (error as Error).message);

/** An operation id (O1…) as given on the command line, checked (prefix, base58, checksum, length). */
export function operationIdArgument(value: string): string {
  try {
    decodeOperationId(value);
    return value;
  } catch (error) {
    throw new CliError('MASON_CLI_INVALID_OPERATION_ID', { value, reason: reason(error) });
  }
}

/** A block id (B1…) as given on the command line, checked. */
export function blockIdArgument(value: string): string {
  try {
    decodeBlockId(value);
    return value;
  } catch (error) {
    throw new CliError('MASON_CLI_INVALID_BLOCK_ID', { value, reason: reason(error) });
  }
}
