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

/** An event's data as `mason` prints it (the codec's, shared with the CLI). */
export { eventText } from '@mason/codec/base';
