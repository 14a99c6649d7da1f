import pc from 'picocolors';
import { cliMessage } from './cliMessage.js';
import { locationOf } from './failureLocation.js';
import { eventText } from '@mason/codec/base';

export const color = pc;

/** What failed, its code (once) and where the docs explain it, on stderr. */
export function printError(error: unknown): void {
  const e = error as { code?: unknown; docs?: unknown } | null;
  const code = typeof e?.code === 'string' && e.code.startsWith('MASON_') ? pc.dim(` [${e.code}]`) : '';
  console.error(`${pc.red('error')} ${cliMessage(error)}${code}`);
  const location = locationOf(error);
  if (location !== undefined) console.error(location);
  if (typeof e?.docs === 'string') console.error(pc.dim(`  see ${e.docs}`));
}

/** A line of key/value for human output. */
export function field(name: string, value: string): string {
  return `  ${pc.dim(name.padEnd(14))} ${value}`;
}

export interface PrintableEvent {
  data: string;
  context: { is_error: boolean; call_stack: string[] };
}

/** Events as a person reads them: the emitter, the text (raw events decoded), errors in red. */
export function printEvents(events: readonly PrintableEvent[]): void {
  if (events.length === 0) {
    console.log(field('events', pc.dim('none')));
    return;
  }
  console.log(field('events', ''));
  for (const event of events) {
    const emitter = event.context.call_stack[event.context.call_stack.length - 1] ?? '';
    const line = `    ${pc.dim(emitter.slice(0, 12) + '…')} ${eventText(event.data)}`;
    console.log(event.context.is_error ? pc.red(line) : line);
  }
}
