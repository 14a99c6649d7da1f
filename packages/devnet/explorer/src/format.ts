import type { OperationBody, Slot } from './types.js';

/** `O12q3Z…Wx9k`: enough to tell ids apart on screen; the full id is in the title and the details. */
export const shortId = (id: string): string => (id.length > 14 ? `${id.slice(0, 7)}…${id.slice(-4)}` : id);

export const slotLabel = (slot: Slot): string => `(${slot.period}, ${slot.thread})`;

export const compareSlots = (a: Slot, b: Slot): number => a.period - b.period || a.thread - b.thread;

export function slotTimestamp(slot: Slot, config: { genesis_timestamp: number; t0: number; thread_count: number }): number {
  return config.genesis_timestamp + slot.period * config.t0 + slot.thread * (config.t0 / config.thread_count);
}

export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Datastore keys and values: readable text when the bytes are printable UTF-8, hex otherwise. */
export function displayBytes(bytes: number[]): { text: string; kind: 'text' | 'hex' } {
  if (bytes.length === 0) return { text: '(empty)', kind: 'hex' };
  try {
    const text = utf8.decode(Uint8Array.from(bytes));
    if (!/[\u0000-\u001f\u007f-\u009f]/.test(text)) return { text, kind: 'text' };
  } catch {
    // not UTF-8: shown as hex
  }
  return { text: '0x' + bytes.map((b) => b.toString(16).padStart(2, '0')).join(''), kind: 'hex' };
}

export type OperationType = 'Transaction' | 'CallSC' | 'ExecuteSC' | 'RollBuy' | 'RollSell';

export const operationType = (op: OperationBody): OperationType => Object.keys(op)[0] as OperationType;

/** One line saying what an operation does, for tables. */
export function operationSummary(op: OperationBody): string {
  if ('Transaction' in op) return `${op.Transaction.amount} MAS → ${shortId(op.Transaction.recipient_address)}`;
  if ('CallSC' in op) return `${shortId(op.CallSC.target_addr)}.${op.CallSC.target_func}()`;
  if ('ExecuteSC' in op) return `${op.ExecuteSC.data.length} bytes of bytecode`;
  if ('RollBuy' in op) return `buy ${op.RollBuy.roll_count} roll(s)`;
  return `sell ${op.RollSell.roll_count} roll(s)`;
}

/** The addresses an operation touches besides its sender. */
export function operationTargets(op: OperationBody): string[] {
  if ('Transaction' in op) return [op.Transaction.recipient_address];
  if ('CallSC' in op) return [op.CallSC.target_addr];
  return [];
}

/** Ids as the node prints them: a prefix, then base58. Anything else is not looked up. */
export const ID_PATTERN = /^(B|O|E|AU|AS)1[1-9A-HJ-NP-Za-km-z]{20,90}$/;

/** Gas with thousands separators: `3,000,000,000`. */
export const formatGas = (gas: number | bigint | string): string => String(gas).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Printable UTF-8 text (tabs and newlines allowed), or null. */
function printableText(bytes: Uint8Array): string | null {
  try {
    const text = utf8.decode(bytes);
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
 * An event's data as a person reads it, as `mason` prints it: a node error unwrapped from its
 * JSON, a raw (base64) event decoded — the deployer's lists the deployed addresses — and any other
 * text as it is.
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
  const decoded = strings ? strings.join(', ') : `0x${Array.from(raw, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  return data.length <= 16 && !strings ? `(raw event) ${decoded} — as text: ${data}` : `(raw event) ${decoded}`;
}
