import { coveragePercent, type CoverageReport } from './CoverageReport.js';
import { TestingError } from './errors.js';

/** Least percentages of lines, branches and functions a run must cover. */
export interface CoverageThreshold {
  lines?: number;
  branches?: number;
  functions?: number;
}

const KINDS = ['lines', 'branches', 'functions'] as const;

/** Reads `lines=90,branches=80` (the `--coverage-threshold` syntax); throws MASON_TESTING_BAD_COVERAGE_THRESHOLD. */
export function parseCoverageThreshold(value: string): CoverageThreshold {
  const threshold: CoverageThreshold = {};
  const fail = (reason: string) => new TestingError('MASON_TESTING_BAD_COVERAGE_THRESHOLD', { value, reason });
  for (const pair of value.split(',')) {
    const match = /^\s*([a-z]+)\s*=\s*([0-9]+(?:\.[0-9]+)?)\s*%?\s*$/.exec(pair);
    if (!match) throw fail(`"${pair.trim()}" is not kind=percent`);
    const kind = match[1] as (typeof KINDS)[number];
    if (!KINDS.includes(kind)) throw fail(`"${match[1]}" is not a kind of coverage`);
    const percent = Number(match[2]);
    if (percent > 100) throw fail(`${percent} is more than 100 %`);
    threshold[kind] = percent;
  }
  return threshold;
}

/** The kinds below the threshold, each as `lines 83.33 % < 90 %`; empty when the run meets it. */
export function coverageShortfalls(report: CoverageReport, threshold: CoverageThreshold): string[] {
  const short: string[] = [];
  for (const kind of KINDS) {
    const least = threshold[kind];
    if (least === undefined) continue;
    const percent = coveragePercent(report.totals[kind]);
    if (percent < least) short.push(`${kind} ${percent.toFixed(2)} % < ${least} %`);
  }
  return short;
}

/** Throws MASON_TESTING_COVERAGE_THRESHOLD when the report is below the threshold. */
export function checkCoverageThreshold(report: CoverageReport, threshold: CoverageThreshold): void {
  const short = coverageShortfalls(report, threshold);
  if (short.length > 0) throw new TestingError('MASON_TESTING_COVERAGE_THRESHOLD', { failures: short.join(', ') });
}
