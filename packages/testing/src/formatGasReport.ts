import type { GasReport } from './GasRecorder.js';
import type { Colors } from './SpecReporter.js';

const group = (value: bigint) => value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The gas report as a table per contract, `forge test --gas-report` style. */
export function formatGasReport(report: GasReport, color: Colors): string[] {
  const lines = [color.bold('Gas report') + color.dim(' (gas of each call as a CallSC of the built contract, limit ' + group(report.maxGas) + ')')];
  if (report.contracts.length === 0) {
    lines.push(color.dim('  no contract function was called'));
    return lines;
  }
  for (const contract of report.contracts) {
    const header = ['function', 'calls', 'min', 'median', 'max', 'mean'];
    const rows = contract.functions.map((fn) => {
      const notes = [fn.failed > fn.outOfGas ? `${fn.failed - fn.outOfGas} failed` : '', fn.outOfGas ? `${fn.outOfGas} out of gas` : ''].filter(Boolean);
      return { cells: [fn.signature ?? fn.name, String(fn.calls), group(fn.min), group(fn.median), group(fn.max), group(fn.mean)], notes: notes.join(', ') };
    });
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row.cells[column]!.length)));
    const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
    lines.push('', `  ${color.bold(contract.name)}`, `    ${color.dim(line(header))}`);
    for (const row of rows) {
      const notes = row.notes ? `  ${color.yellow(row.notes)}` : '';
      lines.push(`    ${line(row.cells)}${notes}`);
    }
  }
  return lines;
}
