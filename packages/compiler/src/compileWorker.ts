// Entry of a compile worker thread (CompilePool): compiles the contracts it is sent, one at a time.
import { serveJobs } from '@mason/workers';
import type { CompileContractInput } from './CompileContractInput.js';
import { compileContract } from './compileContract.js';
import type { WorkerReply } from './CompilePool.js';
import { CompilerError } from './errors.js';

serveJobs<CompileContractInput, WorkerReply>({
  async run(input) {
    const started = performance.now();
    try {
      const compiled = await compileContract(input);
      return { compiled: { ...compiled, compileMs: performance.now() - started } };
    } catch (error) {
      return error instanceof CompilerError
        ? { error: { code: error.code, context: error.context, diagnostics: error.diagnostics } }
        : { error: { reason: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
    }
  },
});
