// Entry of a compile worker thread (CompilePool): compiles the contracts it is sent, one at a time.
import { parentPort } from 'node:worker_threads';
import { compileContract, type CompileContractInput } from './compileContract.js';
import { CompilerError } from './errors.js';
import type { WorkerReply } from './CompilePool.js';

const port = parentPort;
if (!port) throw new Error('compileWorker.js runs as a worker thread of CompilePool');

port.on('message', (input: CompileContractInput) => {
  const started = performance.now();
  compileContract(input).then(
    (compiled) => port.postMessage({ compiled: { ...compiled, compileMs: performance.now() - started } } satisfies WorkerReply),
    (error: unknown) => {
      const reply: WorkerReply =
        error instanceof CompilerError
          ? { error: { code: error.code, context: error.context, diagnostics: error.diagnostics } }
          : { error: { reason: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
      port.postMessage(reply);
    },
  );
});
