import { toHex } from '@mason/codec/base';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Printable UTF-8 text, or null. */
export function printableText(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? null : text;
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
  const bytes = Buffer.from(data, 'base64');
  if (bytes.toString('base64') !== data) return null;
  return printableText(bytes) === null ? new Uint8Array(bytes) : null;
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

/** An event's data as a person reads it: massa errors unwrapped, raw (base64) events decoded. */
export function eventText(data: string): string {
  try {
    const parsed = JSON.parse(data) as { massa_execution_error?: string };
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
