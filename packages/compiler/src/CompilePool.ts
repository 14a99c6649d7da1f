import { WorkerPool } from '@mason/workers';
import type { CompileContractInput } from './CompileContractInput.js';
import type { CompiledContract } from './compileContract.js';
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

/**
 * Compiles contracts in up to `size` worker threads, each with its own asc, started on demand.
 * Jobs start in the order they are given; results are the same bytes as compileContract's in
 * this thread (asc is deterministic). `close()` ends every worker: a build always calls it.
 */
export class CompilePool {
  readonly #pool: WorkerPool<CompileContractInput, WorkerReply>;

  constructor(size: number) {
    this.#pool = new WorkerPool(WORKER, { size });
  }

  async compile(input: CompileContractInput, onStart?: () => void): Promise<CompiledContract> {
    const outcome = await this.#pool.run(input, onStart ? { onStart } : {});
    if (!outcome.ok) {
      if (outcome.cancelled) throw new CompileCancelled(`${input.name} was not compiled: the build stopped`);
      throw new CompilerError('MASON_COMPILER_WORKER_FAILED', { contract: input.name, reason: outcome.reason });
    }
    const reply = outcome.value;
    if ('compiled' in reply) return reply.compiled;
    // The worker's own CompilerError, rebuilt from what crossed the thread: its context matches its code.
    if ('code' in reply.error) throw new CompilerError(reply.error.code, reply.error.context as never, reply.error.diagnostics);
    throw new CompilerError('MASON_COMPILER_WORKER_FAILED', { contract: input.name, reason: reply.error.reason });
  }

  /** Gives up the jobs no worker has taken yet (they reject with CompileCancelled). */
  cancelQueued(): void {
    this.#pool.cancelQueued('the build stopped');
  }

  close(): Promise<void> {
    return this.#pool.close('the build stopped');
  }
}
