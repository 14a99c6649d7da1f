import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidArgumentError } from 'commander';
import {
  compareGasSnapshots,
  formatGasChanges,
  formatGasSnapshot,
  GAS_SNAPSHOT_FILE,
  gasSnapshotOf,
  parseGasSnapshot,
  TestingError,
  type TestRunResult,
} from '@mason/testing';
import { color } from './output.js';

export function parseTolerance(value: string): number {
  const percent = Number(value);
  if (value.trim() === '' || !Number.isFinite(percent) || percent < 0) throw new InvalidArgumentError('give a percentage, 0 or more, e.g. --tolerance 2.5');
  return percent;
}

/** `mason test --gas-snapshot`: writes `.gas-snapshot` at the project root. */
export function writeGasSnapshot(root: string, result: TestRunResult): void {
  const entries = gasSnapshotOf(result);
  writeFileSync(join(root, GAS_SNAPSHOT_FILE), formatGasSnapshot(entries));
  console.log(color.dim(`\nWrote ${GAS_SNAPSHOT_FILE}: ${entries.length} gas figure(s).`));
}

/** `mason test --gas-snapshot-check`: each change beyond the tolerance is listed, then the run fails. */
export function checkGasSnapshot(root: string, result: TestRunResult, tolerance: number): void {
  const path = join(root, GAS_SNAPSHOT_FILE);
  if (!existsSync(path)) throw new TestingError('MASON_TESTING_GAS_SNAPSHOT_MISSING', { path });
  const changes = compareGasSnapshots(parseGasSnapshot(readFileSync(path, 'utf8'), path), gasSnapshotOf(result), tolerance);
  if (changes.length === 0) {
    console.log(color.green(`\n✔ gas matches ${GAS_SNAPSHOT_FILE}${tolerance > 0 ? ` (tolerance ${tolerance} %)` : ''}`));
    return;
  }
  console.log(`\nGas changes against ${GAS_SNAPSHOT_FILE}:`);
  for (const line of formatGasChanges(changes)) console.log(`  ${line.startsWith('~') && line.includes('(+') ? color.red(line) : line}`);
  throw new TestingError('MASON_TESTING_GAS_CHANGED', { count: changes.length, tolerance, path });
}
