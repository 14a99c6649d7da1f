import { Address } from '@mason/codec';
import { hostFailure } from './failures.js';
import { nodeAddressParseError } from './nodeAddressError.js';

/**
 * Parses an address argument as the node does (`Address::from_str`). `lenient` (unit-test hosts
 * only, see `VmOptions.lenientAddresses`) accepts any non-empty string that is not an address, as
 * vm-mock does, and keeps it as it is.
 */
export function parseAddressArg(text: string, lenient = false): string {
  try {
    return Address.fromString(text).toString();
  } catch {
    if (lenient && text.length > 0) return text;
    throw hostFailure(nodeAddressParseError(text) ?? `address parsing error: ${text}`);
  }
}

/** vm-mock's `validate_address`: an `AU`/`AS` prefix and 40 to 60 characters. */
export function looksLikeVmMockAddress(text: string): boolean {
  return /^A[US]/.test(text) && text.length >= 40 && text.length <= 60;
}
