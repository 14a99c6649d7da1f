/** How many of a kind of item (lines, functions, branch arms) there are, and how many ran. */
export interface CoverageCount {
  found: number;
  hit: number;
}

export interface CoverageTotals {
  lines: CoverageCount;
  functions: CoverageCount;
  branches: CoverageCount;
}

/** The coverage of one source file of the project. */
export interface FileCoverage {
  /** Relative to the project root, with `/`. */
  file: string;
  /** The lines that have code, with how often they ran. */
  lines: Array<{ line: number; hits: number }>;
  functions: Array<{ name: string; line: number; hits: number }>;
  /** Each arm of each branch: `block` numbers the branch in the file, `arm` the arm in the branch. */
  branches: Array<{ line: number; block: number; arm: number; hits: number }>;
  totals: CoverageTotals;
}

export interface CoverageReport {
  files: FileCoverage[];
  totals: CoverageTotals;
}

/** Percentage of a count; 100 when there is nothing to cover. */
export function coveragePercent(count: CoverageCount): number {
  return count.found === 0 ? 100 : (count.hit / count.found) * 100;
}
