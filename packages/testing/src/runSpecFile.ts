import { instantiate } from '@assemblyscript/loader';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { Snapshot, TestContext } from './aspectRuntime.js';
import { TestingError } from './errors.js';
import { GAS_IMPORT_MODULE } from './gasImportModule.js';
import type { GasRecorder } from './GasRecorder.js';
import type { AspectConfig } from './loadAspectConfig.js';
import { RUN_OPTIONS, testHostOf } from './masonHost.js';
import type { CompiledSpec } from './SpecCompiler.js';
import { SpecReporter, type Colors } from './SpecReporter.js';
import type { SpecFileResult } from './TestRunResult.js';
import { WasmSourceMap } from '@mason/wasm';
import type { ExecutionTrace } from '@mason/codec';

export interface RunSpecFileOptions {
  root: string;
  /** Relative to the root. */
  file: string;
  compiled: CompiledSpec;
  config: AspectConfig;
  testPattern: RegExp;
  groupPattern: RegExp;
  updateSnapshots: boolean;
  testTimeout?: number;
  gasRecorder?: GasRecorder;
  /** Record each test's contract calls; a renderer also prints a failing test's call tree. */
  trace?: true | ((trace: ExecutionTrace) => string[]);
  print: (line: string) => void;
  color: Colors;
  /** Called with what the config's instantiate returned, before the tests run (coverage reads its counters). */
  onInstance?: (module: unknown) => void;
}

// @as-pect/snapshots' SnapshotDiffResultType (a const enum, not importable at run time).
const SNAPSHOT_ADDED = 1;
const SNAPSHOT_DIFFERENT = 3;

/** Runs the tests of one compiled spec with as-pect's TestContext, reporting as they end. */
export async function runSpecFile(options: RunSpecFileOptions): Promise<SpecFileResult> {
  const { root, file, compiled, config, print, color } = options;
  const started = performance.now();
  const snapshotPath = join(root, dirname(file), '__snapshots__', `${basename(file, extname(file))}.snap`);
  const expected = !options.updateSnapshots && existsSync(snapshotPath) ? Snapshot.parse(readFileSync(snapshotPath, 'utf8')) : undefined;
  let sourceMap: WasmSourceMap | undefined;
  const readSourceMap = () => (sourceMap ??= compiled.sourceMap && new WasmSourceMap(compiled.sourceMap, compiled.binary));
  const reporter = new SpecReporter(file, readSourceMap, print, color, options.trace);
  const ctx = new TestContext({
    reporter,
    binary: compiled.binary,
    fileName: file,
    testRegex: options.testPattern,
    groupRegex: options.groupPattern,
    ...(expected && { snapshots: expected }),
  });
  const createImports = Object.assign((...imports: object[]) => ctx.createImports(...imports) as WebAssembly.Imports, {
    [RUN_OPTIONS]: {
      root,
      log: (line: string) => print(`    ${color.dim(line)}`),
      ...(options.testTimeout !== undefined && { testTimeout: options.testTimeout }),
      ...(options.gasRecorder && { gasRecorder: options.gasRecorder }),
      ...(options.trace && { trace: true }),
    },
  });
  const memory = new WebAssembly.Memory({ initial: 10 });
  const module = await config.instantiate(memory, createImports, instantiate as never, compiled.binary).catch((error: unknown) => {
    throw startError(file, error);
  });
  reporter.host = testHostOf(module);
  options.onInstance?.(module);
  ctx.run(module as never);

  const result: SpecFileResult = {
    file,
    tests: reporter.results,
    passed: reporter.results.filter((test) => test.passed).length,
    failed: reporter.results.filter((test) => !test.passed).length,
    todo: reporter.todo,
    compileMs: compiled.compileMs,
    runMs: performance.now() - started,
    inputs: [...compiled.inputs, ...(reporter.host?.filesRead ?? [])],
  };
  const initError = ctx.errors.find((error) => error.type === 'TestContext Initialization');
  if (initError) result.error = `${initError.message}\n${initError.stackTrace}`;

  if (options.updateSnapshots) {
    if (ctx.rootNode.pass && ctx.snapshots.values.size > 0) writeSnapshots(snapshotPath, ctx.snapshots.stringify());
  } else if (ctx.snapshotDiff) {
    const merged = expected ?? new Snapshot();
    let added = 0;
    for (const [name, diff] of ctx.snapshotDiff.results) {
      if (diff.type === SNAPSHOT_ADDED) {
        // `add` would number the name again (it is numbered already): keep it as is.
        merged.values.set(name, diff.left!);
        added++;
      } else if (diff.type === SNAPSHOT_DIFFERENT) {
        result.failed++;
        result.tests.push({
          name: `snapshot ${name}`,
          groups: [],
          passed: false,
          durationMs: 0,
          logs: [],
          failure: { message: 'the snapshot changed; run with --update-snapshots to accept it' },
        });
        print(`  ${color.red('✖')} snapshot ${name} changed`);
      }
    }
    if (added > 0) writeSnapshots(snapshotPath, merged.stringify());
  }
  return result;
}

// V8 names the function, or only the module when the whole namespace is missing.
const MISSING_IMPORT = /Import #\d+ (?:module=)?"([^"]+)"(?: (?:function=)?"([^"]+)")?/;

/** Why a spec module could not be instantiated, said for a person (vm-mock helpers are the usual cause). */
function startError(file: string, error: unknown): TestingError {
  const reason = error instanceof Error ? error.message : String(error);
  const missing = MISSING_IMPORT.exec(reason);
  if (!missing) return new TestingError('MASON_TESTING_START', { file, reason }, { cause: error });
  const [, module, name = '*'] = missing;
  const hint =
    module === 'massa'
      ? ': no node registers it (a typo, or an SDK newer than the node?)'
      : module === GAS_IMPORT_MODULE
        ? ": the gas report needs Mason's test host (instantiate: masonHost() in as-pect.config.js)"
        : module === 'mason_testing'
          ? ": @mason/testing's helpers need Mason's test host (instantiate: masonHost() in as-pect.config.js)"
          : '';
  return new TestingError('MASON_TESTING_UNKNOWN_IMPORT', { file, module, name, hint }, { cause: error });
}

function writeSnapshots(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text, 'utf8');
}
