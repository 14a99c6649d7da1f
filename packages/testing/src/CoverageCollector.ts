import { isLibraryFile } from '@mason/wasm';
import type { CoverageReport, CoverageTotals, FileCoverage } from './CoverageReport.js';
import { COVERAGE_EXPORT_PREFIX, instrumentCoverage, type CoverageProbes } from './instrumentCoverage.js';
import type { CompiledSpec } from './SpecCompiler.js';

/**
 * Whether a source file (as the source map names it, relative to the project root) is the
 * project's contract code: not AssemblyScript's library, not a package, not a spec or spec helper.
 */
export function isCoveredFile(file: string): boolean {
  if (isLibraryFile(file) || file.startsWith('../') || file.startsWith('/') || !file.endsWith('.ts')) return false;
  return !/(^|\/)__tests__\//.test(file) && !/\.spec\.ts$/.test(file);
}

/** coverage/coverage.json: what a later process (integration tests on a devnet) adds its counts to. */
export interface SavedCoverage {
  version: 1;
  files: Record<string, { lines: Array<[number, number]>; functions: Array<[string, number, number]>; branches: Array<[string, number, number[]]> }>;
}

interface FileCounts {
  lines: Map<number, number>;
  functions: Map<string, { line: number; hits: number }>;
  /** Branch key → line and the hits of each arm. */
  branches: Map<string, { line: number; arms: number[] }>;
}

/**
 * Coverage of a test run: instruments each compiled spec (see instrumentCoverage), then adds the
 * counters of each run to per-file line, function and branch counts. A line's count in one run is
 * that of the most-run block it is in; runs add up.
 */
export class CoverageCollector {
  private readonly files = new Map<string, FileCounts>();

  /**
   * `lineCount` gives the number of lines of a file as it is on disk, when known: code mapped past
   * it was added to the source for the compilation (the gas report's wrappers) and does not count.
   */
  constructor(
    private readonly covered: (file: string) => boolean = isCoveredFile,
    private readonly lineCount: (file: string) => number | undefined = () => undefined,
  ) {}

  /** The spec with probes added (the source map follows the code), and what its probes stand for. */
  instrument(compiled: CompiledSpec): { compiled: CompiledSpec; probes: CoverageProbes } {
    if (!compiled.sourceMap) return { compiled, probes: { blocks: [], functions: [], branches: [], count: 0 } };
    const instrumented = instrumentCoverage(compiled.binary, compiled.sourceMap, this.covered);
    // Every instrumented line counts, run or not.
    this.add(instrumented.probes, () => 0);
    return { compiled: { ...compiled, binary: instrumented.binary, sourceMap: instrumented.sourceMap }, probes: instrumented.probes };
  }

  /** Adds the counters of a finished run, read from the instance's exports. */
  record(probes: CoverageProbes, exports: Record<string, unknown>): void {
    this.add(probes, (probe) => {
      const global = exports[`${COVERAGE_EXPORT_PREFIX}${probe}`];
      return global instanceof WebAssembly.Global ? (global.value as number) >>> 0 : 0;
    });
  }

  /** Adds counts known by probe (an instrumented contract run elsewhere, e.g. on a devnet). */
  add(probes: CoverageProbes, hits: (probe: number) => number): void {
    const limits = new Map<string, number>();
    const inSource = (file: string, line: number) => {
      if (!limits.has(file)) limits.set(file, this.lineCount(file) ?? Number.POSITIVE_INFINITY);
      return line <= limits.get(file)!;
    };
    const runLines = new Map<string, Map<number, number>>();
    for (const block of probes.blocks) {
      let lines = runLines.get(block.file);
      if (!lines) runLines.set(block.file, (lines = new Map()));
      const count = hits(block.probe);
      for (const line of block.lines) if (inSource(block.file, line)) lines.set(line, Math.max(lines.get(line) ?? 0, count));
    }
    for (const [file, lines] of runLines) {
      const counts = this.fileCounts(file);
      for (const [line, count] of lines) counts.lines.set(line, (counts.lines.get(line) ?? 0) + count);
    }
    for (const fn of probes.functions) {
      if (!inSource(fn.file, fn.line)) continue;
      const counts = this.fileCounts(fn.file).functions;
      const known = counts.get(fn.name);
      if (known) known.hits += hits(fn.probe);
      else counts.set(fn.name, { line: fn.line, hits: hits(fn.probe) });
    }
    for (const branch of probes.branches) {
      if (!inSource(branch.file, branch.line)) continue;
      const counts = this.fileCounts(branch.file).branches;
      let known = counts.get(branch.key);
      if (!known) counts.set(branch.key, (known = { line: branch.line, arms: [] }));
      known.arms[branch.arm] = (known.arms[branch.arm] ?? 0) + hits(branch.probe);
    }
  }

  /**
   * Line counts measured elsewhere (a devnet running the optimized build): they add to the lines,
   * and a function whose first line ran counts as run. Branch arms are not added: the optimized
   * code's branches are not the source's.
   */
  addLines(file: string, lines: ReadonlyMap<number, number>): void {
    const counts = this.fileCounts(file);
    for (const [line, hits] of lines) counts.lines.set(line, (counts.lines.get(line) ?? 0) + hits);
    for (const fn of counts.functions.values()) fn.hits += lines.get(fn.line) ?? 0;
  }

  /** The counts, as `fromJSON` reads them back (coverage/coverage.json). */
  toJSON(): SavedCoverage {
    const files: SavedCoverage['files'] = {};
    for (const [file, counts] of this.files) {
      files[file] = {
        lines: [...counts.lines],
        functions: [...counts.functions].map(([name, fn]) => [name, fn.line, fn.hits]),
        branches: [...counts.branches].map(([key, branch]) => [key, branch.line, branch.arms.map((hits) => hits ?? 0)]),
      };
    }
    return { version: 1, files };
  }

  static fromJSON(saved: SavedCoverage): CoverageCollector {
    const collector = new CoverageCollector();
    for (const [file, counts] of Object.entries(saved.files)) {
      const into = collector.fileCounts(file);
      for (const [line, hits] of counts.lines) into.lines.set(line, hits);
      for (const [name, line, hits] of counts.functions) into.functions.set(name, { line, hits });
      for (const [key, line, arms] of counts.branches) into.branches.set(key, { line, arms: [...arms] });
    }
    return collector;
  }

  report(): CoverageReport {
    const files: FileCoverage[] = [];
    for (const [file, counts] of [...this.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const lines = [...counts.lines].map(([line, hits]) => ({ line, hits })).sort((a, b) => a.line - b.line);
      const functions = [...counts.functions]
        .map(([name, fn]) => ({ name, line: fn.line, hits: fn.hits }))
        .sort((a, b) => a.line - b.line || (a.name < b.name ? -1 : 1));
      const branches = [...counts.branches.values()]
        .sort((a, b) => a.line - b.line)
        .flatMap((branch, block) => branch.arms.map((hits, arm) => ({ line: branch.line, block, arm, hits: hits ?? 0 })));
      files.push({
        file,
        lines,
        functions,
        branches,
        totals: {
          lines: total(lines),
          functions: total(functions),
          branches: total(branches),
        },
      });
    }
    const sum = (pick: (totals: CoverageTotals) => { found: number; hit: number }) => ({
      found: files.reduce((all, file) => all + pick(file.totals).found, 0),
      hit: files.reduce((all, file) => all + pick(file.totals).hit, 0),
    });
    return { files, totals: { lines: sum((t) => t.lines), functions: sum((t) => t.functions), branches: sum((t) => t.branches) } };
  }

  private fileCounts(file: string): FileCounts {
    let counts = this.files.get(file);
    if (!counts) this.files.set(file, (counts = { lines: new Map(), functions: new Map(), branches: new Map() }));
    return counts;
  }
}

function total(items: Array<{ hits: number }>): { found: number; hit: number } {
  return { found: items.length, hit: items.filter((item) => item.hits > 0).length };
}
