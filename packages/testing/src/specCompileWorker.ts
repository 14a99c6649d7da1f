// Entry of a spec compile worker thread (SpecCompiles): compiles the spec files it is sent, one at a time.
import { parentPort } from 'node:worker_threads';
import { TestingError } from './errors.js';
import { SpecCompiler, type SpecCompilerOptions } from './SpecCompiler.js';
import type { SpecCompileReply } from './SpecCompiles.js';

const port = parentPort;
if (!port) throw new Error('specCompileWorker.js runs as a worker thread of SpecCompiles');

// One compiler per worker: the sources it reads are read once for all the specs it compiles.
let current: { key: string; compiler: SpecCompiler } | undefined;

port.on('message', ({ options, file }: { options: SpecCompilerOptions; file: string }) => {
  const key = JSON.stringify(options);
  if (current?.key !== key) current = { key, compiler: new SpecCompiler(options) };
  current.compiler.compile(file).then(
    (compiled) => port.postMessage({ compiled } satisfies SpecCompileReply),
    (error: unknown) => {
      const reply: SpecCompileReply =
        error instanceof TestingError
          ? { error: { code: error.code, context: error.context } }
          : { error: { reason: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
      port.postMessage(reply);
    },
  );
});
