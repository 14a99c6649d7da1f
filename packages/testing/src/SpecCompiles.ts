import { availableParallelism } from 'node:os';
import { WorkerPool } from '@mason/workers';
import type { CompileCache } from './CompileCache.js';
import { TestingError, type TestingErrorCode } from './errors.js';
import { SpecCompiler, type CompiledSpec, type SpecCompilerOptions } from './SpecCompiler.js';

/** What a spec compile worker is sent: one file, and the compiler's options. */
export interface SpecCompileJob {
  options: SpecCompilerOptions;
  file: string;
}

/** What a spec compile worker answers for one file. */
export type SpecCompileReply = { compiled: CompiledSpec } | { error: { code: TestingErrorCode; context: Record<string, unknown> } | { reason: string } };

/** Most parallel spec compiles a run accepts (each worker holds its own asc). */
export const MAX_SPEC_JOBS = 64;

// Always the built worker (dist/), also when this module runs from src/ under a test runner.
const WORKER = new URL('../dist/specCompileWorker.js', import.meta.url);

export interface SpecCompilesOptions {
  compiler: SpecCompilerOptions;
  cache: CompileCache | undefined;
  /** Every spec file of the run, in the order they run. */
  files: readonly string[];
  /** Spec files compiled at the same time in worker threads; default DEFAULT_SPEC_JOBS, 1: in this thread. */
  jobs?: number;
}

/**
 * One worker per core but one: this thread runs the specs meanwhile, and V8 already keeps another
 * core busy compiling asc's JavaScript in the background. On 2 cores, 4 small specs took more
 * CPU in 2 workers (3.4 s) than in this thread (2.6 s, 1.2 s of it on V8's background threads),
 * for no shorter wall time (docs/performance.md, "Unit tests").
 */
export const DEFAULT_SPEC_JOBS = Math.max(1, availableParallelism() - 1);

/**
 * The compiled specs of a run. Specs the cache serves are read at once; when two or more need
 * compiling (and jobs > 1), they all start compiling in worker threads, in run order, so that
 * later files compile while earlier ones run. Otherwise each compiles in this thread when asked,
 * as before. asc is deterministic: a spec compiled in a worker is the same bytes and source map.
 */
export class SpecCompiles {
  private readonly compiled = new Map<string, Promise<CompiledSpec>>();
  private readonly inThread: SpecCompiler;
  private pool: WorkerPool<SpecCompileJob, SpecCompileReply> | undefined;

  constructor(private readonly options: SpecCompilesOptions) {
    const jobs = options.jobs ?? DEFAULT_SPEC_JOBS;
    if (!Number.isInteger(jobs) || jobs < 1 || jobs > MAX_SPEC_JOBS) {
      throw new TestingError('MASON_TESTING_BAD_JOBS', { value: String(options.jobs), maximum: MAX_SPEC_JOBS });
    }
    this.inThread = new SpecCompiler(options.compiler);
    const toCompile: string[] = [];
    for (const file of new Set(options.files)) {
      const cached = options.cache?.get(file);
      if (cached) this.compiled.set(file, Promise.resolve(cached));
      else toCompile.push(file);
    }
    const size = Math.min(jobs, toCompile.length);
    if (size > 1) this.compileInWorkers(size, toCompile);
  }

  /** The compiled spec (throws MASON_TESTING_COMPILE when it does not compile). */
  get(file: string): Promise<CompiledSpec> {
    let compiled = this.compiled.get(file);
    if (!compiled) {
      compiled = this.inThread.compile(file).then((spec) => this.store(file, spec));
      this.compiled.set(file, compiled);
    }
    return compiled;
  }

  /** Ends the worker threads (they also end by themselves once every spec is compiled). */
  async close(): Promise<void> {
    await this.pool?.close('the test run stopped');
  }

  private store(file: string, spec: CompiledSpec): CompiledSpec {
    this.options.cache?.set(file, spec);
    return spec;
  }

  private compileInWorkers(size: number, files: string[]): void {
    const pool = new WorkerPool<SpecCompileJob, SpecCompileReply>(WORKER, { size });
    this.pool = pool;
    let pending = files.length;
    for (const file of files) {
      const compiled = pool.run({ options: this.options.compiler, file }).then((outcome) => {
        if (--pending === 0) void pool.close();
        if (!outcome.ok) throw new TestingError('MASON_TESTING_WORKER_FAILED', { file, reason: outcome.reason });
        const reply = outcome.value;
        if ('compiled' in reply) return this.store(file, reply.compiled);
        // The worker's own TestingError, rebuilt from what crossed the thread: its context matches its code.
        if ('code' in reply.error) throw new TestingError(reply.error.code, reply.error.context as never);
        throw new TestingError('MASON_TESTING_WORKER_FAILED', { file, reason: reply.error.reason });
      });
      // Awaited when its turn to run comes; a failure before then is not an unhandled rejection.
      compiled.catch(() => undefined);
      this.compiled.set(file, compiled);
    }
  }
}
