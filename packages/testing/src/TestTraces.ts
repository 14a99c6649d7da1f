import { ExecutionTracer, type ExecutionTrace, type HostedInstance } from '@mason/vm';
import type { RawFailure } from './describeFailure.js';

/**
 * `mason test --trace`: each test (its beforeEach hooks, then itself) is one traced execution,
 * whose root frame is named after the test. Disabled, nothing is recorded.
 */
export class TestTraces {
  private readonly names = new Map<number, string>();
  /** The trace of the last test, once it ended (or of the hook that failed before it). */
  last: ExecutionTrace | undefined;

  constructor(
    private readonly hosted: HostedInstance,
    readonly enabled: boolean,
  ) {}

  /** as-pect registered the test `callback` under `description`. */
  named(callback: number, description: () => string): void {
    if (this.enabled) this.names.set(callback, description());
  }

  start(): void {
    if (!this.enabled) return;
    this.last = undefined;
    this.hosted.startTrace(new ExecutionTracer(), 'test');
  }

  /** The test's execution ended (or failed in a hook: `hook` says so). */
  end(callback: number, hook: boolean, failure?: RawFailure): void {
    const trace = this.hosted.stopTrace(failure && { message: failure.message, ...(failure.code !== undefined && { code: failure.code }) });
    if (trace === undefined) return;
    const name = this.names.get(callback);
    if (trace.root !== null) trace.root.function = name ?? (hook ? 'beforeEach' : trace.root.function);
    this.last = trace;
  }
}
