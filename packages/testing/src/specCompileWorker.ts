// Entry of a spec compile worker thread (SpecCompiles): compiles the spec files it is sent, one at a time.
import { serveJobs } from '@mason/workers';
import { TestingError } from './errors.js';
import { SpecCompiler } from './SpecCompiler.js';
import type { SpecCompileJob, SpecCompileReply } from './SpecCompiles.js';

// One compiler per worker: the sources it reads are read once for all the specs it compiles.
let current: { key: string; compiler: SpecCompiler } | undefined;

serveJobs<SpecCompileJob, SpecCompileReply>({
  async run({ options, file }) {
    const key = JSON.stringify(options);
    if (current?.key !== key) current = { key, compiler: new SpecCompiler(options) };
    try {
      return { compiled: await current.compiler.compile(file) };
    } catch (error) {
      return error instanceof TestingError
        ? { error: { code: error.code, context: error.context } }
        : { error: { reason: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
    }
  },
});
