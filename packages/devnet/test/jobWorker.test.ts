import { afterEach, describe, expect, it } from 'vitest';
import { JobWorker } from '../src/workers/JobWorker.js';

// The devnet's worker threads (blocks, read-only calls) are JobWorkers, a WorkerPool of one
// (@mason/workers tests the pool): what is the node's own here is the wording of a job's end and
// the log line of a failed worker.

const FIXTURE = new URL('./fixtures/jobWorkerFixture.mjs', import.meta.url);
const logged: string[] = [];
let worker: JobWorker<string, unknown>;

afterEach(async () => {
  await worker?.close();
  logged.length = 0;
});

describe('JobWorker', () => {
  it('ends a job past its deadline with the wall-clock budget, then runs the next on a fresh worker', async () => {
    worker = new JobWorker<string, unknown>(FIXTURE, { workerData: () => null });
    expect(await worker.run('hang', 100)).toEqual({ ok: false, reason: 'execution stopped after 100 ms, past the wall-clock budget' });
    expect(await worker.run('a', 5_000)).toEqual({ ok: true, value: 'done: a' });
  });

  it('logs a worker that crashes, naming its file', async () => {
    worker = new JobWorker<string, unknown>(FIXTURE, { workerData: () => null, log: (m) => logged.push(m) });
    expect(await worker.run('crash', 5_000)).toEqual({ ok: true, value: 'done: crash' });
    while (worker.started) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(logged.join('\n')).toMatch(/worker jobWorkerFixture\.mjs failed: Error: uncaught in the worker/);
  });

  it('fails the running job on close, and every later one, as the node stopping', async () => {
    worker = new JobWorker<string, unknown>(FIXTURE, { workerData: () => null });
    const hanging = worker.run('hang', 60_000);
    await worker.close();
    expect(await hanging).toEqual({ ok: false, reason: 'the node is stopping' });
    expect(await worker.run('d', 5_000)).toEqual({ ok: false, reason: 'the node is stopping' });
  });
});
