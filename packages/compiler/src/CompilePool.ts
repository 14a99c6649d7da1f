import { Worker } from 'node:worker_threads';
import type { CompileContractInput, CompiledContract } from './compileContract.js';
import type { Diagnostic } from './Diagnostic.js';
import { CompilerError, type CompilerErrorCode } from './errors.js';

/** What a compile worker answers for one contract. */
export type WorkerReply =
  | { compiled: CompiledContract }
  | { error: { code: CompilerErrorCode; context: Record<string, unknown>; diagnostics: Diagnostic[] } | { reason: string } };

// Always the built worker (dist/), also when this module runs from src/ under a test runner:
// src/ and dist/ both sit one level below the package root.
const WORKER = new URL('../dist/compileWorker.js', import.meta.url);

/** A job given up because the build stopped before a worker took it. */
export class CompileCancelled extends Error {
  override readonly name = 'CompileCancelled';
}

interface Job {
  input: CompileContractInput;
  onStart: (() => void) | undefined;
  resolve: (compiled: CompiledContract) => void;
  reject: (error: Error) => void;
}

/**
 * Compiles contracts in up to `size` worker threads, each with its own asc, started on demand.
 * Jobs start in the order they are given; results are the same bytes as compileContract's in
 * this thread (asc is deterministic). `close()` ends every worker: a build always calls it.
 */
export class CompilePool {
  private readonly queue: Job[] = [];
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly workers = new Set<Worker>();

  constructor(private readonly size: number) {}

  compile(input: CompileContractInput, onStart?: () => void): Promise<CompiledContract> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, onStart, resolve, reject });
      this.dispatch();
    });
  }

  /** Gives up the jobs no worker has taken yet (they reject with CompileCancelled). */
  cancelQueued(): void {
    for (const job of this.queue.splice(0)) job.reject(new CompileCancelled(`${job.input.name} was not compiled: the build stopped`));
  }

  async close(): Promise<void> {
    this.cancelQueued();
    const workers = [...this.workers];
    this.workers.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.workers.size < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      job.onStart?.();
      worker.postMessage(job.input);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER);
    this.workers.add(worker);
    worker.on('message', (reply: WorkerReply) => {
      const job = this.running.get(worker);
      if (!job) return;
      this.running.delete(worker);
      if ('compiled' in reply) job.resolve(reply.compiled);
      // The worker's own CompilerError, rebuilt from what crossed the thread: its context matches its code.
      else if ('code' in reply.error) job.reject(new CompilerError(reply.error.code, reply.error.context as never, reply.error.diagnostics));
      else job.reject(new CompilerError('MASON_COMPILER_WORKER_FAILED', { contract: job.input.name, reason: reply.error.reason }));
      this.idle.push(worker);
      this.dispatch();
    });
    const lost = (reason: string) => {
      if (!this.workers.delete(worker)) return;
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      const job = this.running.get(worker);
      this.running.delete(worker);
      job?.reject(new CompilerError('MASON_COMPILER_WORKER_FAILED', { contract: job.input.name, reason }));
      void worker.terminate();
      this.dispatch();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`the worker exited with code ${code}`));
    return worker;
  }
}
