import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Colors } from './SpecReporter.js';
import { CoverageCollector } from './CoverageCollector.js';
import type { CoverageReport } from './CoverageReport.js';
import { formatCoverageTable } from './formatCoverageTable.js';
import type { CoverageProbes } from './instrumentCoverage.js';
import type { CompiledSpec } from './SpecCompiler.js';
import { writeCoverageReports } from './writeCoverageReports.js';

export interface CoverageOptions {
  /**
   * Contract files compiled into every spec, so that functions no spec reaches count too (as
   * uncovered); relative to the root. Default: the top-level files of assembly/contracts.
   */
  files?: string[];
  /** Where lcov.info and the HTML report go, relative to the root; default `coverage`. */
  dir?: string;
  /** Print the per-file table after the tests (default true). */
  print?: boolean;
}

/** The coverage side of a test run: instruments each spec, reads its counters, writes the reports. */
export class CoverageRun {
  readonly collector: CoverageCollector;

  constructor(
    private readonly root: string,
    private readonly options: CoverageOptions,
  ) {
    const lineCounts = new Map<string, number | undefined>();
    const lineCount = (file: string) => {
      if (!lineCounts.has(file)) {
        const path = resolve(root, file);
        lineCounts.set(file, existsSync(path) ? readFileSync(path, 'utf8').split('\n').length : undefined);
      }
      return lineCounts.get(file);
    };
    this.collector = new CoverageCollector(undefined, lineCount);
  }

  /** Extra entry files of every spec compilation. */
  entries(): string[] {
    return (this.options.files ?? defaultContractFiles(this.root)).map((file) => (isAbsolute(file) ? relative(this.root, file) : file));
  }

  instrument(compiled: CompiledSpec): { compiled: CompiledSpec; onInstance: (module: unknown) => void } {
    const { compiled: instrumented, probes } = this.collector.instrument(compiled);
    return {
      compiled: instrumented,
      // The counters are read once the spec's run is over: at the next spec's start, or in finish.
      onInstance: (module) => {
        // Specs run one after the other: the previous one is over, its instance can go.
        this.flush();
        const exports = instanceExports(module);
        if (exports) this.runs.push({ probes, exports });
      },
    };
  }

  private readonly runs: Array<{ probes: CoverageProbes; exports: Record<string, unknown> }> = [];

  private flush(): void {
    for (const run of this.runs.splice(0)) this.collector.record(run.probes, run.exports);
  }

  /** Reads the counters of the runs, prints the table, writes lcov.info and the HTML report. */
  finish(print: (line: string) => void, color: Colors): CoverageReport {
    this.flush();
    const dir = resolve(this.root, this.options.dir ?? 'coverage');
    const report = writeCoverageReports(this.collector, this.root, dir, { fresh: true });
    if (this.options.print !== false) {
      print('');
      for (const line of formatCoverageTable(report, color)) print(line);
      print(color.dim(`coverage report: ${relative(this.root, resolve(dir, 'index.html'))}, ${relative(this.root, resolve(dir, 'lcov.info'))}`));
    }
    return report;
  }
}

function instanceExports(module: unknown): Record<string, unknown> | undefined {
  const loaded = module as { instance?: WebAssembly.Instance; exports?: Record<string, unknown> } | undefined;
  return (loaded?.instance?.exports as Record<string, unknown> | undefined) ?? loaded?.exports;
}

/** The top-level .ts files of assembly/contracts, as mason build builds them. */
function defaultContractFiles(root: string): string[] {
  const dir = resolve(root, 'assembly', 'contracts');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => relative(root, resolve(dir, name)));
}
