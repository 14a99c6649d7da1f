import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ExecutionTrace } from '@mason/codec';
import pc from 'picocolors';
import { assemblyPaths } from './assemblyPaths.js';
import { CompileCache } from './CompileCache.js';
import { CoverageRun, type CoverageOptions } from './CoverageRun.js';
import { TestingError } from './errors.js';
import { findPackageDir } from './findPackageDir.js';
import { findSpecFiles } from './findSpecFiles.js';
import { formatGasReport } from './formatGasReport.js';
import { GasRecorder, type GasReportContract } from './GasRecorder.js';
import { loadAspectConfig } from './loadAspectConfig.js';
import { PACKAGE_DIR, type CompiledSpec, type SpecCompilerOptions } from './SpecCompiler.js';
import { SpecCompiles } from './SpecCompiles.js';
import type { SpecFileResult, TestRunResult } from './TestRunResult.js';

export interface RunTestsOptions {
  /** Project root; default the current directory. */
  root?: string;
  /** Spec files or globs relative to the root; default the config's `entries`. */
  files?: string[];
  /** as-pect config file relative to the root; default `as-pect.config.js` if present, else Mason's. */
  config?: string;
  /** Only tests whose name matches (a regular expression). */
  testNamePattern?: string;
  /** Only groups whose name matches (a regular expression). */
  groupPattern?: string;
  /** Rewrite the snapshot files instead of comparing with them. */
  updateSnapshots?: boolean;
  /** Where the report goes; default stdout. */
  output?: { write(text: string): unknown };
  /** Default: when writing to a terminal that supports it. */
  color?: boolean;
  /** Reuse compiled specs whose sources did not change (node_modules/.cache/mason-test). Default true. */
  cache?: boolean;
  /** Succeed when no spec file matches, instead of throwing MASON_TESTING_NO_SPECS. */
  passWithNoTests?: boolean;
  /** Longest a test or hook may run (ms) before it fails as an endless loop; default 10,000. */
  testTimeout?: number;
  /**
   * Measure every call of these contracts' functions made by the specs and print a gas report
   * (min/median/max per function; see GasRecorder). The specs run against an instrumented build.
   */
  gasReport?: {
    contracts: GasReportContract[];
    /** Gas limit of each measured CallSC; default GAS_REPORT_MAX_GAS. */
    maxGas?: bigint;
    /** Print the report after the tests (default true); false measures only (a gas snapshot). */
    print?: boolean;
  };
  /** Spec files compiled at the same time in worker threads; default the CPU cores minus one, 1: in this thread. */
  jobs?: number;
  /**
   * Record the contract calls each test makes and keep a failing test's call tree (`TestResult.trace`);
   * nothing is recorded without it. `mason test --trace` sets it.
   */
  trace?: boolean;
  /** With `trace`: prints a failing test's call tree under its failure, each line from this renderer. */
  formatTrace?: (trace: ExecutionTrace) => string[];
  /** Measure line, branch and function coverage of the project's contract code (see runCoverage). */
  coverage?: CoverageOptions;
}

/** What, besides the sources it reads, decides a compiled spec. */
function cacheSalt(options: SpecCompilerOptions): string {
  const version = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  return JSON.stringify([version(PACKAGE_DIR), version(findPackageDir('assemblyscript', PACKAGE_DIR)), options]);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Compiles and runs the project's as-pect specs with Mason's VM as their host (unless the
 * project's as-pect config says otherwise), prints a report ending with a summary line, and
 * returns the results. Throws TestingError when there is nothing to run or the config is broken.
 */
export async function runTests(options: RunTestsOptions = {}): Promise<TestRunResult> {
  const started = performance.now();
  const root = resolve(options.root ?? process.cwd());
  const output = options.output ?? process.stdout;
  const color = pc.createColors(options.color ?? (output === process.stdout && pc.isColorSupported));
  const print = (line: string) => output.write(`${line}\n`);

  const { config, asconfig, replacesVmMock } = await loadAspectConfig(root, options.config);
  if (replacesVmMock) print(color.dim("as-pect.config.js instantiates vm-mock: its specs run on Mason's VM, with vm-mock's helpers and defaults"));
  const patterns = options.files?.length ? options.files : config.entries;
  const files = await findSpecFiles(root, patterns, config.disclude);
  if (files.length === 0) {
    const error = new TestingError('MASON_TESTING_NO_SPECS', { patterns: patterns.join(', '), root });
    if (!options.passWithNoTests) throw error;
    print(`${color.green('✔')} ${error.message} ${color.dim('(passing: --pass-with-no-tests)')}`);
    return { ok: true, passed: 0, failed: 0, todo: 0, brokenFiles: 0, files: [], durationMs: performance.now() - started };
  }
  const gasRecorder = options.gasReport && new GasRecorder(options.gasReport.contracts, options.gasReport.maxGas);
  const coverage = options.coverage && new CoverageRun(root, options.coverage);
  const compilerOptions = {
    root,
    asconfig,
    includes: [...(await findSpecFiles(root, config.include)), ...(coverage?.entries() ?? [])],
    paths: assemblyPaths(root),
    ...(options.gasReport && { instrument: Object.fromEntries(options.gasReport.contracts.map((contract) => [resolve(contract.file), contract.name])) }),
  };
  const cache = options.cache === false ? undefined : new CompileCache(root, cacheSalt(compilerOptions));
  const compiles = new SpecCompiles({ compiler: compilerOptions, cache, files, ...(options.jobs !== undefined && { jobs: options.jobs }) });
  const compile = (file: string): Promise<CompiledSpec> => compiles.get(file);
  // as-pect's runtime (~100 ms of module loading): loaded by a run, not by importing @mason/testing
  // (an integration test importing devnetFixture does not need it).
  const { runSpecFile } = await import('./runSpecFile.js');

  const testFile = async (file: string): Promise<SpecFileResult> => {
    let compiled: CompiledSpec;
    try {
      compiled = await compile(file);
    } catch (error) {
      if (!(error instanceof TestingError) || error.code !== 'MASON_TESTING_COMPILE') throw error;
      print(color.bold(file));
      // What it read is unknown: the spec itself is what a fix changes first.
      return { file, tests: [], passed: 0, failed: 0, todo: 0, error: error.message, compileMs: 0, runMs: 0, inputs: [resolve(root, file)] };
    }
    print(`${color.bold(file)}${compiled.cached ? color.dim(' (cached)') : ''}`);
    const covering = coverage?.instrument(compiled);
    if (covering) compiled = covering.compiled;
    const stackTraceLimit = Error.stackTraceLimit;
    // Failure positions come from the wasm frames of stack traces: keep all of them.
    Error.stackTraceLimit = 200;
    try {
      return await runSpecFile({
        root,
        file,
        compiled,
        config,
        testPattern: new RegExp(options.testNamePattern ?? ''),
        groupPattern: new RegExp(options.groupPattern ?? ''),
        updateSnapshots: options.updateSnapshots ?? false,
        ...(options.testTimeout !== undefined && { testTimeout: options.testTimeout }),
        ...(gasRecorder && { gasRecorder }),
        ...(options.trace && { trace: options.formatTrace ?? true }),
        ...(covering && { onInstance: covering.onInstance }),
        print,
        color,
      });
    } catch (error) {
      if (!(error instanceof TestingError)) throw error;
      return { file, tests: [], passed: 0, failed: 0, todo: 0, error: error.message, compileMs: compiled.compileMs, runMs: 0, inputs: compiled.inputs };
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  };

  const results: SpecFileResult[] = [];
  try {
    for (const file of files) {
      const result = await testFile(file);
      if (result.error) print(color.red(`  ${result.error.replace(/\n/g, '\n  ')}`));
      results.push(result);
    }
  } finally {
    await compiles.close();
  }

  const sum = (pick: (file: SpecFileResult) => number) => results.reduce((total, file) => total + pick(file), 0);
  const passed = sum((file) => file.passed);
  const failed = sum((file) => file.failed);
  const todo = sum((file) => file.todo);
  const brokenFiles = results.filter((file) => file.error !== undefined).length;
  const durationMs = performance.now() - started;
  const ok = failed === 0 && brokenFiles === 0;
  const gasReport = gasRecorder?.report();
  if (gasReport && options.gasReport?.print !== false) {
    print('');
    for (const line of formatGasReport(gasReport, color)) print(line);
  }
  const coverageReport = coverage?.finish(print, color);
  const parts = [color.green(`${passed} passed`), failed ? color.red(`${failed} failed`) : `${failed} failed`];
  if (todo) parts.push(color.yellow(`${todo} todo`));
  if (brokenFiles) parts.push(color.red(`${plural(brokenFiles, 'spec file')} did not run`));
  print('');
  print(
    `${ok ? color.green('✔') : color.red('✖')} ${parts.join(', ')} ${color.dim(`(${plural(files.length, 'spec file')}, ${(durationMs / 1000).toFixed(2)} s)`)}`,
  );
  return {
    ok,
    passed,
    failed,
    todo,
    brokenFiles,
    files: results,
    durationMs,
    ...(gasReport && { gasReport }),
    ...(coverageReport && { coverage: coverageReport }),
  };
}
