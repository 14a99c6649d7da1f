import { fromHex, toHex } from '@mason/codec';
import { printableText } from '@mason/codec/base';
import { CliError } from './errors.js';

/**
 * A datastore key (or prefix) as written on the command line: `0x` and hex digits for bytes,
 * anything else as UTF-8 text — the way `mason storage` shows keys.
 */
export function keyArgument(value: string): Uint8Array {
  if (value.startsWith('0x')) {
    const hex = value.slice(2);
    if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new CliError('MASON_CLI_INVALID_KEY', { value, reason: 'after 0x come hex digits, two a byte' });
    return fromHex(hex);
  }
  if (value.length === 0) throw new CliError('MASON_CLI_INVALID_KEY', { value: '""', reason: 'it is empty' });
  return new TextEncoder().encode(value);
}

/** A key or value for people: its text when it is printable (and could not be read back as hex), else 0x and hex. */
export function bytesText(bytes: Uint8Array): string {
  const text = printableText(bytes);
  return text !== null && text.length > 0 && !text.startsWith('0x') ? text : `0x${toHex(bytes)}`;
}
