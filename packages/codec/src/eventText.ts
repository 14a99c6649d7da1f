// How an event's data reads for a person, the same in the CLI and in the explorer (a browser
// page): pure functions over strings and bytes, with the runtime's own atob/btoa.
import { toHex } from './bytes.js';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether a byte is a control character other than tab, newline, vertical tab, form feed and carriage return. */
const isControl = (byte: number): boolean => byte <= 0x08 || (byte >= 0x0e && byte <= 0x1f) || byte === 0x7f;

/** Printable UTF-8 text (tabs and newlines allowed), or null. */
export function printableText(bytes: Uint8Array): string | null {
  // In UTF-8 a control character is its own single byte (every byte of a longer sequence is ≥ 0x80):
  // binary values, which traces and the CLI meet most, are refused before a decode that would throw.
  for (let i = 0; i < bytes.length; i++) if (isControl(bytes[i]!)) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The bytes of a raw event (`generateRawEvent`, which the node shows as base64), or null for a
 * text event. Text that merely looks like base64 (a single word) is left alone: a raw event has a
 * digit, `+`, `/` or padding, re-encodes to itself, and is not printable text once decoded.
 */
export function rawEventBytes(data: string): Uint8Array | null {
  if (data.length < 8 || data.length % 4 !== 0 || !BASE64.test(data) || !/[0-9+/=]/.test(data)) return null;
  const binary = atob(data);
  if (btoa(binary) !== data) return null;
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return printableText(bytes) === null ? bytes : null;
}

/** An Args-serialized array of strings (`u32 total ‖ (u32 length ‖ UTF-8)*`), as the deployer's raw event holds; else null. */
export function argsStringArray(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4 || view.getUint32(0, true) !== bytes.length - 4) return null;
  const out: string[] = [];
  for (let offset = 4; offset < bytes.length; ) {
    if (offset + 4 > bytes.length) return null;
    const length = view.getUint32(offset, true);
    offset += 4;
    if (offset + length > bytes.length) return null;
    const text = printableText(bytes.subarray(offset, offset + length));
    if (text === null) return null;
    out.push(text);
    offset += length;
  }
  return out;
}

/**
 * An event's data as a person reads it: a node error unwrapped from its JSON, a raw (base64) event
 * decoded — the deployer's lists the deployed addresses — and any other text as it is.
 */
export function eventText(data: string): string {
  try {
    const parsed = JSON.parse(data) as { massa_execution_error?: unknown };
    if (typeof parsed?.massa_execution_error === 'string') return parsed.massa_execution_error;
  } catch {
    // plain text
  }
  const raw = rawEventBytes(data);
  if (!raw) return data;
  const strings = argsStringArray(raw);
  const decoded = strings ? strings.join(', ') : `0x${toHex(raw)}`;
  // A short one could also be a word that happens to be base64: its text stays readable.
  return data.length <= 16 && !strings ? `(raw event) ${decoded} — as text: ${data}` : `(raw event) ${decoded}`;
}
