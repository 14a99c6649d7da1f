import type { SCOutputEvent } from '@mason/client';
import { eventText } from '@mason/codec/base';
import { color } from './output.js';

const short = (id: string | null | undefined) => (id ? `${id.slice(0, 9)}…` : '');

/**
 * One line per event, as `mason events` prints them: slot, emitter, operation (or async message),
 * then the text as `mason call` shows it (errors unwrapped and red, raw events decoded); a
 * candidate event (not final yet) is marked.
 */
export function eventLine(event: SCOutputEvent): string {
  const { slot, call_stack, origin_operation_id, async_msg_id, deferred_call_id, is_final, is_error } = event.context;
  const emitter = call_stack[call_stack.length - 1] ?? '';
  const origin = origin_operation_id ? short(origin_operation_id) : async_msg_id ? 'async msg' : deferred_call_id ? short(deferred_call_id) : '';
  const where = color.dim(`${`${slot.period}.${slot.thread}`.padEnd(9)} ${short(emitter).padEnd(10)} ${origin.padEnd(10)}`);
  const text = eventText(event.data);
  const line = `  ${where} ${is_error ? color.red(text) : text}`;
  return is_final ? line : `${line} ${color.yellow('(candidate)')}`;
}
