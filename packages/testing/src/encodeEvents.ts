import type { SCOutputEvent } from '@mason/vm';

const encoder = new TextEncoder();

/**
 * Events as the AssemblyScript `events()` helper reads them (little-endian): u32 count, then per
 * event: string data, u32 depth + strings of the call stack, u8 is_error, u64 period, u8 thread,
 * u64 index_in_slot, u8 read_only, string origin operation id (empty if none). A string is a u32
 * UTF-8 byte length followed by the bytes.
 */
export function encodeEvents(events: readonly SCOutputEvent[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const push = (bytes: Uint8Array) => {
    chunks.push(bytes);
    size += bytes.length;
  };
  const u8 = (value: number) => push(Uint8Array.of(value));
  const u32 = (value: number) => {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, value, true);
    push(bytes);
  };
  const u64 = (value: number | bigint) => {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, BigInt(value), true);
    push(bytes);
  };
  const text = (value: string) => {
    const bytes = encoder.encode(value);
    u32(bytes.length);
    push(bytes);
  };

  u32(events.length);
  for (const { context, data } of events) {
    text(data);
    u32(context.call_stack.length);
    for (const address of context.call_stack) text(address);
    u8(context.is_error ? 1 : 0);
    u64(context.slot.period);
    u8(context.slot.thread);
    u64(context.index_in_slot);
    u8(context.read_only ? 1 : 0);
    text(context.origin_operation_id ?? '');
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
