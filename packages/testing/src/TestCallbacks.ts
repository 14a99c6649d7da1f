import { currentWasmFrames, type HostedInstance } from '@mason/vm';
import { DEFAULT_GAS } from './defaults.js';
import { describeFailure, type AbortRecord, type RawFailure } from './describeFailure.js';
import type { GasRecorder } from './GasRecorder.js';
import { runWithTimeout } from './runWithTimeout.js';
import { TestTraces } from './TestTraces.js';

type CallbackKind = 'test' | 'beforeEach' | 'other';

export interface AspectResult {
  instance: WebAssembly.Instance;
  exports: Record<string, unknown>;
}

export interface TestCallbacksOptions {
  testTimeout: number;
  trace: boolean;
  gasRecorder: GasRecorder | undefined;
  /** Runs as a test starts, before its first callback (the host resets there when asked to). */
  beforeTest: () => void;
}

/**
 * The lifecycle of the test module's callbacks: which are tests and `beforeEach` hooks (watched
 * as as-pect registers them), each test as one operation (fresh events and gas, traced with
 * `trace`), a time limit, and a failing callback rolled back and described.
 */
export class TestCallbacks {
  /** The failure of the last top-level callback (test or hook), if it failed. */
  lastFailure: RawFailure | undefined;
  /** V8's id of the test module in stack traces (`wasm://wasm/<id>`), learnt from its first callback. */
  moduleId: string | undefined;
  /** The module's `__unpin`, once attached. */
  unpin: ((pointer: number) => void) | undefined;
  readonly traces: TestTraces;
  private readonly tests = new Set<number>();
  private readonly beforeEachHooks = new Set<number>();
  private lastAbort: AbortRecord | undefined;
  private lastKind: CallbackKind = 'other';
  private depth = 0;

  constructor(
    private readonly hosted: HostedInstance,
    private readonly options: TestCallbacksOptions,
  ) {
    this.traces = new TestTraces(hosted, options.trace);
  }

  /**
   * Watches as-pect's registration imports (after its `createImports`) to know which callbacks are
   * tests and `beforeEach` hooks, and the module's id in stack traces.
   */
  observe(imports: WebAssembly.Imports): void {
    const aspect = imports.__aspect as Record<string, (...args: number[]) => unknown> | undefined;
    if (!aspect) return;
    const watch = (name: string, record: (args: number[]) => void) => {
      const original = aspect[name];
      if (typeof original !== 'function') return;
      aspect[name] = (...args: number[]) => {
        this.moduleId ??= currentWasmFrames()[0]?.module;
        record(args);
        return original(...args);
      };
    };
    const test = ([description, callback]: number[]) => {
      this.tests.add(callback!);
      this.traces.named(callback!, () => this.hosted.readString(description!));
    };
    watch('reportTestTypeNode', test);
    watch('reportNegatedTestNode', test);
    watch('beforeEach', ([callback]) => this.beforeEachHooks.add(callback!));
    watch('reportGroupTypeNode', () => undefined); // for the module id only
  }

  /** Wraps the instantiated module's `__call` so that each test is an operation. */
  attach(result: AspectResult): void {
    const unpin = result.exports.__unpin;
    if (typeof unpin === 'function') this.unpin = unpin as (pointer: number) => void;
    const call = result.exports.__call as (pointer: number) => void;
    result.exports.__call = (pointer: number) => this.run(call, pointer);
  }

  // as-pect calls its own abort right after this one, then the module traps: record, don't throw.
  readonly onAbort = (message: number, file: number, line: number, column: number): void => {
    const text = (pointer: number) => (pointer === 0 ? '' : this.hosted.readString(pointer));
    this.lastAbort = { message: text(message), file: text(file), line, column, frames: currentWasmFrames() };
  };

  private run(call: (pointer: number) => void, pointer: number): void {
    const kind: CallbackKind = this.tests.has(pointer) ? 'test' : this.beforeEachHooks.has(pointer) ? 'beforeEach' : 'other';
    if (this.depth === 0) {
      this.options.gasRecorder?.resetDepth();
      // A test's chain is its beforeEach hooks then the test itself: it starts at the first of them.
      if (kind !== 'other' && this.lastKind !== 'beforeEach') this.startTest();
      this.lastKind = kind;
      this.lastFailure = undefined;
      this.lastAbort = undefined;
    }
    const checkpoint = this.hosted.checkpoint();
    this.depth++;
    try {
      if (this.depth === 1) runWithTimeout(() => call(pointer), this.options.testTimeout);
      else call(pointer);
      if (this.depth === 1 && kind === 'test') this.traces.end(pointer, this.beforeEachHooks.has(pointer));
    } catch (error) {
      const failure = describeFailure(this.hosted, error, this.lastAbort);
      this.lastAbort = undefined;
      if (this.depth === 1) this.traces.end(pointer, this.beforeEachHooks.has(pointer), failure);
      this.hosted.revert(checkpoint);
      if (this.depth === 1) {
        this.lastFailure = failure;
        this.lastKind = 'other';
      }
      throw error;
    } finally {
      this.depth--;
    }
  }

  private startTest(): void {
    this.options.gasRecorder?.beginTest();
    this.options.beforeTest();
    this.hosted.clearEvents();
    this.hosted.beginOperation(DEFAULT_GAS);
    this.traces.start();
  }
}
