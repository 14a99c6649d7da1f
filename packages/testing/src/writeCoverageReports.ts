import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CoverageCollector, type SavedCoverage } from './CoverageCollector.js';
import type { CoverageReport } from './CoverageReport.js';
import { writeCoverageHtml } from './writeCoverageHtml.js';
import { writeLcov } from './writeLcov.js';

/** Where the specs' counts are kept, and where each devnet fixture's line counts go. */
export const COVERAGE_JSON = 'coverage.json';
export const DEVNET_COVERAGE_DIR = 'devnet';

/** Line counts per file of one devnet fixture (see DevnetCoverage). */
export type DevnetLineCounts = Record<string, Array<[number, number]>>;

function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/**
 * Writes coverage.json, lcov.info and the HTML report of `collector` plus the line counts that
 * devnet fixtures left in `devnet/`. `fresh` (a new `mason test --coverage` run) drops those first.
 */
export function writeCoverageReports(collector: CoverageCollector, root: string, dir: string, options: { fresh?: boolean } = {}): CoverageReport {
  mkdirSync(dir, { recursive: true });
  const devnetDir = join(dir, DEVNET_COVERAGE_DIR);
  if (options.fresh) rmSync(devnetDir, { recursive: true, force: true });
  const saved = collector.toJSON();
  writeAtomically(join(dir, COVERAGE_JSON), `${JSON.stringify(saved)}\n`);
  const merged = CoverageCollector.fromJSON(saved);
  const runs = existsSync(devnetDir) ? readdirSync(devnetDir).filter((name) => name.endsWith('.json')) : [];
  for (const name of runs.sort()) {
    const counts = JSON.parse(readFileSync(join(devnetDir, name), 'utf8')) as DevnetLineCounts;
    for (const [file, lines] of Object.entries(counts)) merged.addLines(file, new Map(lines));
  }
  const report = merged.report();
  writeLcov(report, root, join(dir, 'lcov.info'));
  writeCoverageHtml(report, root, dir);
  return report;
}

/** Adds a devnet fixture's line counts to the reports in `dir`, beside those of the last `mason test --coverage`. */
export function addDevnetCoverage(counts: DevnetLineCounts, root: string, dir: string): CoverageReport {
  const devnetDir = join(dir, DEVNET_COVERAGE_DIR);
  mkdirSync(devnetDir, { recursive: true });
  writeAtomically(join(devnetDir, `${process.pid}-${Date.now()}.json`), JSON.stringify(counts));
  const saved = join(dir, COVERAGE_JSON);
  const collector = existsSync(saved) ? CoverageCollector.fromJSON(JSON.parse(readFileSync(saved, 'utf8')) as SavedCoverage) : new CoverageCollector();
  return writeCoverageReports(collector, root, dir);
}
