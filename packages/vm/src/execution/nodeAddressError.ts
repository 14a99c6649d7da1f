// The text of the error a node gives for a string that is not an address (`Address::from_str` in
// massa-models/src/address.rs, whose base58check step is the Rust crate bs58 0.5). Contracts and
// tools match on these texts, so each step fails with the node's words, not the codec's.
import { sha256 } from '@mason/codec';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HASH_SIZE = 32;
const encoder = new TextEncoder();

/** Rust's `{:?}` of an ASCII char (`char::escape_debug`; a double quote is not escaped in a char). */
function debugChar(code: number): string {
  const named: Record<number, string> = { 0: '\\0', 9: '\\t', 10: '\\n', 13: '\\r', 39: "\\'", 92: '\\\\' };
  if (named[code] !== undefined) return `'${named[code]}'`;
  if (code < 0x20 || code === 0x7f) return `'\\u{${code.toString(16)}}'`;
  return `'${String.fromCharCode(code)}'`;
}

/** bs58's `decode(s).with_check(None).into_vec()`: the payload, or the crate's error text. */
export function decodeCheck(text: string): Uint8Array | string {
  const input = encoder.encode(text);
  const digits: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c > 127) return `provided string contained non-ascii character starting at byte ${i}`;
    const value = ALPHABET.indexOf(String.fromCharCode(c));
    if (value < 0) return `provided string contained invalid character ${debugChar(c)} at byte ${i}`;
    digits.push(value);
  }
  let value = 0n;
  for (const d of digits) value = value * 58n + BigInt(d);
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  let zeros = 0;
  while (zeros < digits.length && digits[zeros] === 0) zeros++;
  const raw = Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
  if (raw.length < 4) return 'provided string is too small to contain a checksum';
  const payload = raw.subarray(0, raw.length - 4);
  const expected = raw.subarray(raw.length - 4);
  const calculated = sha256(sha256(payload)).subarray(0, 4);
  if (calculated.some((b, i) => b !== expected[i])) {
    return `invalid checksum, calculated checksum: '[${calculated.join(', ')}]', expected checksum: [${Array.from(expected).join(', ')}]`;
  }
  return payload;
}

/** unsigned-varint's `u64`: the value and its length, or undefined (truncated, too long, not minimal). */
export function readVersion(bytes: Uint8Array): { value: bigint; length: number } | undefined {
  let value = 0n;
  for (let i = 0; i < bytes.length && i < 10; i++) {
    const byte = bytes[i]!;
    value |= BigInt(byte & 0x7f) << BigInt(7 * i);
    if ((byte & 0x80) === 0) {
      if (byte === 0 && i > 0) return undefined;
      if (i === 9 && byte > 1) return undefined;
      return { value, length: i + 1 };
    }
  }
  return undefined;
}

/** nom's Display of massa-serialization's varint deserializer error: its Debug list, then the input. */
export function varintErrorText(input: Uint8Array): string {
  return `Parsing Error: Failed u64 deserialization / Fail / Input: [${Array.from(input).join(', ')}]\n`;
}

/**
 * The node's error text for `text` as an address, or undefined when it is one. E.g.
 * `address parsing error: invalid_addr`, `address parsing error: in SCAddress
 * from_str_without_prefixed_type: invalid checksum, calculated checksum: '[…]', expected checksum: […]`,
 * or `buffer error: expected a buffer of size 32, but found a size of 5` (a well-formed string of
 * the wrong length).
 */
export function nodeAddressParseError(text: string): string | undefined {
  const chars = Array.from(text);
  const whole = `address parsing error: ${text}`;
  if (chars[0] !== 'A' || (chars[1] !== 'U' && chars[1] !== 'S')) return whole;
  const kind = chars[1] === 'U' ? 'UserAddress' : 'SCAddress';
  const inKind = `address parsing error: in ${kind} from_str_without_prefixed_type: `;
  const payload = decodeCheck(chars.slice(2).join(''));
  if (typeof payload === 'string') return inKind + payload;
  const version = readVersion(payload);
  if (!version) return inKind + varintErrorText(payload);
  if (version.value !== 0n) return `address parsing error: version ${version.value} is not handled for ${kind}`;
  const body = payload.length - version.length;
  if (body !== HASH_SIZE) return `buffer error: expected a buffer of size ${HASH_SIZE}, but found a size of ${body}`;
  return undefined;
}
