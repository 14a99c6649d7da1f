/**
 * The lines around `line:column` (1-based) with a caret under the `length` characters there:
 *
 *   13 │   const b = = args.mustNext<i32>('b');
 *      │             ^
 */
export function codeFrame(text: string, line: number, column: number, length = 1): string {
  const lines = text.split(/\r?\n/);
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 1);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const source = (lines[n - 1] ?? '').replace(/\t/g, '  ');
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} │ ${source}`.trimEnd());
    if (n === line) {
      const raw = lines[n - 1] ?? '';
      const before = raw.slice(0, column - 1).replace(/\t/g, '  ').length;
      const span = Math.max(1, Math.min(length, raw.length - (column - 1)));
      out.push(`  ${' '.repeat(width)} │ ${' '.repeat(before)}${'^'.repeat(span)}`);
    }
  }
  return out.join('\n');
}
