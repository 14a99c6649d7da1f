import pc from 'picocolors';

export const color = pc;

export function printError(error: unknown): void {
  const e = error as { message?: string; code?: string; docs?: string };
  const code = e?.code ? pc.dim(` [${e.code}]`) : '';
  console.error(`${pc.red('error')} ${e?.message ?? String(error)}${code}`);
  if (e?.docs) console.error(pc.dim(`  see ${e.docs}`));
}

/** A line of key/value for human output. */
export function field(name: string, value: string): string {
  return `  ${pc.dim(name.padEnd(14))} ${value}`;
}

interface PrintableEvent {
  data: string;
  context: { is_error: boolean; call_stack: string[] };
}

/** Events as a person reads them: the emitter, the text, errors in red (and massa errors unwrapped). */
export function printEvents(events: readonly PrintableEvent[]): void {
  if (events.length === 0) {
    console.log(field('events', pc.dim('none')));
    return;
  }
  console.log(field('events', ''));
  for (const event of events) {
    const emitter = event.context.call_stack[event.context.call_stack.length - 1] ?? '';
    let data = event.data;
    try {
      const parsed = JSON.parse(data) as { massa_execution_error?: string };
      if (parsed.massa_execution_error) data = parsed.massa_execution_error;
    } catch {
      // plain text
    }
    const line = `    ${pc.dim(emitter.slice(0, 12) + '…')} ${data}`;
    console.log(event.context.is_error ? pc.red(line) : line);
  }
}
