import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { checkCoverageThreshold, parseCoverageThreshold, runTests, watchTests, type GasReportContract, type RunTestsOptions } from '@mason/testing';
import { parseAbi } from '@mason/codec/base';
import { formatTrace } from '../formatTrace.js';
import { checkGasSnapshot, parseTolerance, writeGasSnapshot } from '../gasSnapshotFile.js';
import { parseJobs } from '../jobsOption.js';
import { enterProject } from '../project.js';

interface TestOptions {
  root?: string;
  config?: string;
  test?: string;
  group?: string;
  updateSnapshots?: boolean;
  cache: boolean;
  passWithNoTests?: boolean;
  timeout?: number;
  gasReport?: boolean;
  gasSnapshot?: boolean;
  gasSnapshotCheck?: boolean;
  tolerance: number;
  watch?: boolean;
  jobs?: number;
  trace?: boolean;
  coverage?: boolean;
  coverageThreshold?: string;
}

/** The project's contracts as `mason build` builds them (it builds them first), for the gas report. */
async function builtContracts(root: string): Promise<GasReportContract[]> {
  // Loaded here: only a gas report builds, and the compiler is not needed to run specs.
  const { runBuild } = await import('./build.js');
  const built = await runBuild({ root }, true);
  return built.contracts.map((contract) => ({
    name: contract.name,
    file: contract.source,
    bytecode: new Uint8Array(readFileSync(contract.wasm)),
    ...(contract.abi !== null && { abi: parseAbi(readFileSync(contract.abi, 'utf8')) }),
  }));
}

function parseTimeout(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > 2_147_483_647) throw new InvalidArgumentError('give a whole number of milliseconds, e.g. --timeout 30000');
  return ms;
}

export function testCommand(): Command {
  return (
    new Command('test')
      .description("run the project's AssemblyScript unit tests (as-pect specs) on Mason's VM")
      .argument('[specs...]', 'spec files or globs (default: assembly/__tests__/**/*.spec.ts, or the as-pect config entries)')
      .option('--root <dir>', 'project root (default: the project the current folder is in)')
      .option('-c, --config <file>', "as-pect config file (default: as-pect.config.js if present, else Mason's)")
      .option('-t, --test <regex>', 'run only the tests whose name matches')
      .option('-g, --group <regex>', 'run only the groups (describe) whose name matches')
      .option('-u, --update-snapshots', 'rewrite the snapshot files instead of comparing with them')
      .option('--no-cache', 'recompile every spec, even those whose sources did not change')
      .option('--pass-with-no-tests', 'succeed when there is no spec file')
      .option('--timeout <ms>', 'longest a test or hook may run before it fails as an endless loop (default 10000)', parseTimeout)
      .option('--gas-report', 'build the contracts, measure each call the specs make as a CallSC of them and print min/median/max gas per function')
      .addOption(new Option('--gas-snapshot', 'measure as --gas-report does and write the gas of each test and function to .gas-snapshot').conflicts('watch'))
      .addOption(
        new Option('--gas-snapshot-check', 'measure, compare with .gas-snapshot and fail on a change beyond --tolerance').conflicts(['watch', 'gasSnapshot']),
      )
      .addOption(new Option('--tolerance <percent>', 'with --gas-snapshot-check: changes up to this many percent pass').argParser(parseTolerance).default(0))
      .option('-w, --watch', 'run again, on each change, the specs it affects (Ctrl-C to stop)')
      .option('-j, --jobs <n>', 'spec files compiled at the same time, each in a worker thread (default: the CPU cores minus one; 1: none)', parseJobs)
      .option('--trace', "print the call tree of a failing test's contract calls (frames, gas, storage, events) under its failure")
      // Coverage (see docs/testing.md#coverage).
      .addOption(
        new Option('--coverage', 'line, branch and function coverage of the contracts: a table, coverage/lcov.info and coverage/index.html').conflicts('watch'),
      )
      .addOption(
        new Option('--coverage-threshold <kinds>', 'with coverage: fail below these percentages, e.g. lines=90,branches=80,functions=100').conflicts('watch'),
      )
      .action(async (specs: string[], options: TestOptions) => {
        const threshold = options.coverageThreshold === undefined ? undefined : parseCoverageThreshold(options.coverageThreshold);
        const root = options.root ?? enterProject('test');
        const runOptions: RunTestsOptions = {
          root,
          files: specs,
          ...(options.config !== undefined && { config: options.config }),
          ...(options.test !== undefined && { testNamePattern: options.test }),
          ...(options.group !== undefined && { groupPattern: options.group }),
          updateSnapshots: options.updateSnapshots === true,
          cache: options.cache,
          passWithNoTests: options.passWithNoTests === true,
          ...(options.timeout !== undefined && { testTimeout: options.timeout }),
          ...(options.jobs !== undefined && { jobs: options.jobs }),
          ...(options.trace && { trace: true, formatTrace: (trace) => formatTrace(trace) }),
          ...((options.coverage || threshold) && { coverage: {} }),
        };
        const gasReport = async () => ({ gasReport: { contracts: await builtContracts(root) } });
        if (options.watch) {
          await watch({ ...runOptions, ...(options.gasReport && { prepare: gasReport }) });
          return;
        }
        const snapshot = options.gasSnapshot || options.gasSnapshotCheck;
        const measure = options.gasReport || snapshot;
        const contracts = measure ? await builtContracts(root) : undefined;
        const result = await runTests({ ...runOptions, ...(contracts && { gasReport: { contracts, print: options.gasReport === true } }) });
        // The report already says what failed; only the exit code is left to set.
        if (!result.ok) throw new CommanderError(1, 'mason.test.failed', 'some tests failed');
        if (threshold && result.coverage) checkCoverageThreshold(result.coverage, threshold);
        if (options.gasSnapshot) writeGasSnapshot(root, result);
        if (options.gasSnapshotCheck) checkGasSnapshot(root, result, options.tolerance);
      })
  );
}

/** Watch mode until Ctrl-C: the first stops watching once the run in progress ends, a second exits at once. */
async function watch(options: Parameters<typeof watchTests>[0]): Promise<void> {
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  try {
    await watchTests({ ...options, signal: controller.signal });
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}
