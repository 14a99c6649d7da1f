import { coveragePercent, type CoverageCount, type CoverageReport } from './CoverageReport.js';
import type { Colors } from './SpecReporter.js';

/** Consecutive line numbers as ranges: 3, 4, 5, 9 → `3-5, 9`. */
export function lineRanges(lines: number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    ranges.push(j === i ? String(lines[i]) : `${lines[i]}-${lines[j]}`);
    i = j + 1;
  }
  return ranges.join(', ');
}

/** The coverage report as a table, one row per file, then the totals (Istanbul's text reporter style). */
export function formatCoverageTable(report: CoverageReport, color: Colors): string[] {
  const title = `${color.bold('Coverage')}${color.dim(" (the project's contract code, measured on Mason's VM)")}`;
  if (report.files.length === 0) return [title, color.dim('  no contract code was compiled into the specs')];
  const cell = (count: CoverageCount) => {
    const percent = coveragePercent(count);
    const text = `${percent.toFixed(2)} % (${count.hit}/${count.found})`;
    return { text, paint: percent >= 80 ? color.green : percent >= 50 ? color.yellow : color.red };
  };
  const header = ['file', 'lines', 'branches', 'functions', 'uncovered lines'];
  const rows = [
    ...report.files.map((file) => ({
      name: file.file,
      cells: [cell(file.totals.lines), cell(file.totals.branches), cell(file.totals.functions)],
      uncovered: lineRanges(file.lines.filter((line) => line.hits === 0).map((line) => line.line)),
    })),
    { name: 'all files', cells: [cell(report.totals.lines), cell(report.totals.branches), cell(report.totals.functions)], uncovered: '' },
  ];
  const widths = [
    Math.max(header[0]!.length, ...rows.map((row) => row.name.length)),
    ...[0, 1, 2].map((column) => Math.max(header[column + 1]!.length, ...rows.map((row) => row.cells[column]!.text.length))),
  ];
  const lines = [title, `  ${color.dim(header.map((text, column) => (column < 4 ? text.padEnd(widths[column]!) : text)).join('  '))}`];
  for (const row of rows) {
    const cells = row.cells.map((value, column) => value.paint(value.text.padEnd(widths[column + 1]!)));
    const name = row === rows[rows.length - 1] ? color.bold(row.name.padEnd(widths[0]!)) : row.name.padEnd(widths[0]!);
    lines.push(`  ${[name, ...cells, row.uncovered ? color.red(row.uncovered) : ''].join('  ').trimEnd()}`);
  }
  return lines;
}
