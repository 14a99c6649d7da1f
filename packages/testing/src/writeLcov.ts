import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CoverageReport } from './CoverageReport.js';

/** The report in lcov's tracefile format, source paths absolute (as genhtml and editors expect). */
export function formatLcov(report: CoverageReport, root: string): string {
  const out: string[] = [];
  for (const file of report.files) {
    out.push('TN:', `SF:${resolve(root, file.file)}`);
    for (const fn of file.functions) out.push(`FN:${fn.line},${fn.name}`);
    for (const fn of file.functions) out.push(`FNDA:${fn.hits},${fn.name}`);
    out.push(`FNF:${file.totals.functions.found}`, `FNH:${file.totals.functions.hit}`);
    for (const arm of file.branches) out.push(`BRDA:${arm.line},${arm.block},${arm.arm},${arm.hits}`);
    out.push(`BRF:${file.totals.branches.found}`, `BRH:${file.totals.branches.hit}`);
    for (const line of file.lines) out.push(`DA:${line.line},${line.hits}`);
    out.push(`LF:${file.totals.lines.found}`, `LH:${file.totals.lines.hit}`, 'end_of_record');
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

export function writeLcov(report: CoverageReport, root: string, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, formatLcov(report, root), 'utf8');
}
