import type { IReporter, TestContext, TestNode } from '@as-pect/core';
import type pc from 'picocolors';
import { locateFailure } from './locateFailure.js';
import { locateTrace } from './locateTrace.js';
import type { RawFailure, TestHost } from './TestHost.js';
import type { TestResult } from './TestRunResult.js';
import type { WasmSourceMap } from '@mason/wasm';
import type { ExecutionTrace } from '@mason/codec';

const TEST_NODE = 0;
/** Failed expectations abort in as-pect's own assert. */
const ASPECT_ASSERT = /@as-pect[\\/]assembly[\\/]/;

export type Colors = ReturnType<typeof pc.createColors>;

function groupNames(node: TestNode): string[] {
  const names: string[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) if (parent.name) names.unshift(parent.name);
  return names;
}

/** as-pect reporter of one spec file: collects results and prints each test as it ends. */
export class SpecReporter implements IReporter {
  readonly stdout = null;
  readonly stderr = null;
  readonly results: TestResult[] = [];
  host: TestHost | undefined;
  todo = 0;

  constructor(
    private readonly file: string,
    /** Read on the first failure only. */
    private readonly sourceMap: () => WasmSourceMap | undefined,
    private readonly print: (line: string) => void,
    private readonly color: Colors,
    /** `mason test --trace`: keep a failing test's trace; a renderer also prints it. */
    private readonly trace?: true | ((trace: ExecutionTrace) => string[]),
  ) {}

  onEnter(): void {}

  onExit(_ctx: TestContext, node: TestNode): void {
    const failure = this.host?.lastFailure;
    const trace = this.host?.lastTrace;
    if (this.host) {
      this.host.lastFailure = undefined;
      if (node.type === TEST_NODE || !node.pass) this.host.lastTrace = undefined;
    }
    if (node.type === TEST_NODE) {
      this.record(node, node.name, node.pass, failure, [], trace);
    } else if (!node.pass && (failure || node.errors.length > 0)) {
      // A hook, or the group's own callback, failed (not one of its tests).
      this.record(
        node,
        '(hook)',
        false,
        failure,
        node.errors.map((error) => `${error.type}: ${error.message}`),
        trace,
      );
    }
    if (node.type !== TEST_NODE) this.todo += node.todos.length;
  }

  onFinish(): void {}

  private record(node: TestNode, name: string, passed: boolean, raw: RawFailure | undefined, errors: string[] = [], trace?: ExecutionTrace): void {
    const groups = node.type === TEST_NODE ? groupNames(node) : [...groupNames(node), node.name].filter(Boolean);
    const result: TestResult = {
      name,
      groups,
      passed,
      durationMs: Math.max(0, node.end - node.start),
      logs: node.logs.map((log) => log.stringify({ indent: 0 })),
    };
    const gas = node.type === TEST_NODE ? this.host?.testGas() : undefined;
    if (gas !== undefined) result.gas = gas;
    if (!passed) {
      const located = raw && this.host ? locateFailure(raw, this.sourceMap(), this.file, this.host.moduleId) : undefined;
      // as-pect keeps the values of a failed expectation after it: show them for that failure only.
      const expectation = (!raw || ASPECT_ASSERT.test(raw.abort?.file ?? '')) && (node.actual || node.expected);
      const message =
        located?.message ||
        node.message ||
        (expectation ? 'expectation failed' : '') ||
        errors.join('; ') ||
        (node.stackTrace ?? '').split('\n')[0] ||
        'failed';
      result.failure = { ...located, message };
      if (expectation && node.actual) result.actual = node.actual.stringify({ indent: 0 });
      if (expectation && node.expected) result.expected = `${node.expected.negated ? 'not ' : ''}${node.expected.stringify({ indent: 0 })}`;
      if (this.trace && trace) result.trace = raw && this.host ? locateTrace(trace, raw, this.sourceMap(), this.host.moduleId) : trace;
    }
    this.results.push(result);
    this.printResult(result);
  }

  private printResult(result: TestResult): void {
    const { color } = this;
    const title = [...result.groups, result.name].join(' › ');
    if (result.passed) {
      this.print(`  ${color.green('✔')} ${title} ${color.dim(`(${result.durationMs.toFixed(1)} ms)`)}`);
    } else {
      this.print(`  ${color.red('✖')} ${color.bold(title)}`);
      const failure = result.failure!;
      this.print(`      ${color.red(failure.message)}`);
      if (result.actual !== undefined) this.print(`      ${color.dim('actual:  ')} ${result.actual}`);
      if (result.expected !== undefined) this.print(`      ${color.dim('expected:')} ${result.expected}`);
      if (failure.position) this.print(`      ${color.cyan(`at ${failure.position}`)}`);
      if (failure.specPosition) this.print(`      ${color.cyan(`from ${failure.specPosition}`)}`);
      if (failure.vmMessage && failure.vmMessage !== failure.message) this.print(`      ${color.dim(failure.vmMessage)}`);
      if (result.trace && typeof this.trace === 'function') {
        this.print(`      ${color.dim('trace:')}`);
        for (const line of this.trace(result.trace)) this.print(`        ${line}`);
      }
    }
    for (const log of result.logs) this.print(`      ${color.dim(`log: ${log}`)}`);
  }
}
