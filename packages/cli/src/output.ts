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
