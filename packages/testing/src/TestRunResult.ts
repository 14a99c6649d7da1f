import type { ExecutionTrace } from '@mason/codec';
import type { CoverageReport } from './CoverageReport.js';
import type { GasReport } from './GasRecorder.js';
import type { TestFailure } from './locateFailure.js';

export interface TestResult {
  /** The test's name, or `(hook)` for a failing hook or group callback. */
  name: string;
  /** Enclosing `describe` names, outermost first. */
  groups: string[];
  passed: boolean;
  durationMs: number;
  failure?: TestFailure;
  /** as-pect's `[Actual]` / `[Expected]` of a failed expectation. */
  actual?: string;
  expected?: string;
  /** as-pect `log()` output. */
  logs: string[];
  /** With a gas report: the gas of the contract calls the test (with its beforeEach hooks) made, each measured as a CallSC. */
  gas?: bigint;
  /** With the `trace` option, for a failed test: the call tree of what it (with its beforeEach hooks) ran, the failure located. */
  trace?: ExecutionTrace;
}

export interface SpecFileResult {
  /** Relative to the project root. */
  file: string;
  tests: TestResult[];
  passed: number;
  failed: number;
  todo: number;
  /** The file did not compile or did not start. */
  error?: string;
  compileMs: number;
  runMs: number;
  /** Absolute paths of what the result depends on: the files the compilation read, and those the tests read (readFile). */
  inputs?: string[];
}

export interface TestRunResult {
  ok: boolean;
  passed: number;
  failed: number;
  todo: number;
  /** Files that did not compile or start. */
  brokenFiles: number;
  files: SpecFileResult[];
  durationMs: number;
  /** With the `gasReport` option. */
  gasReport?: GasReport;
  /** With the `coverage` option. */
  coverage?: CoverageReport;
}
