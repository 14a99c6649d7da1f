import { afterEach, describe, expect, it } from 'vitest';
import { JobWorker } from '../src/workers/JobWorker.js';

// The worker threads of the devnet (blocks, read-only calls) are JobWorkers: whatever a job does
// to its worker — throws, hangs, exits, crashes it later — that job alone fails, with a reason,
// and the next job gets a fresh worker that starts from the node's state again.

const FIXTURE = new URL('./fixtures/jobWorkerFixture.mjs', import.meta.url);
const logged: string[] = [];
let snapshot: string[] = ['genesis'];
let worker: JobWorker<string, unknown, string[]>;

function newWorker() {
  worker = new JobWorker<string, unknown, string[]>(FIXTURE, { workerData: () => null, initialState: () => snapshot, log: (m) => logged.push(m) });
  return worker;
}

afterEach(async () => {
  await worker?.close();
  logged.length = 0;
  snapshot = ['genesis'];
});

describe('JobWorker', () => {
  it('runs jobs in order and gives a new worker the initial state, then what was posted', async () => {
    newWorker();
    expect(await worker.run('a', 5_000)).toEqual({ ok: true, value: 'done: a' });
    worker.postState(['block 1']);
    expect(await worker.run('state', 5_000)).toEqual({ ok: true, value: ['genesis', 'block 1'] });
  });

  it('fails a job that throws with its error, and keeps the worker', async () => {
    newWorker();
    // State posted with no worker running is dropped: a worker starts from the initial state.
    worker.postState(['dropped']);
    expect(await worker.run('state', 5_000)).toEqual({ ok: true, value: ['genesis'] });
    worker.postState(['kept']);
    const outcome = await worker.run('throw', 5_000);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.reason).toMatch(/^Error: the job threw\n\s+at /);
    expect(await worker.run('state', 5_000)).toEqual({ ok: true, value: ['genesis', 'kept'] });
  });

  it('terminates a job past its deadline; the next job runs on a fresh worker from the current state', async () => {
    newWorker();
    worker.postState(['lost with the worker']);
    expect(await worker.run('hang', 100)).toEqual({ ok: false, reason: 'execution stopped after 100 ms, past the wall-clock budget' });
    snapshot = ['genesis', 'block 1'];
    expect(await worker.run('state', 5_000)).toEqual({ ok: true, value: ['genesis', 'block 1'] });
  });

  it('fails the running job when the worker exits, and starts again', async () => {
    newWorker();
    expect(await worker.run('exit', 5_000)).toEqual({ ok: false, reason: 'its worker exited' });
    expect(await worker.run('b', 5_000)).toEqual({ ok: true, value: 'done: b' });
  });

  it('logs a worker that crashes after answering; the next job starts a fresh one', async () => {
    newWorker();
    expect(await worker.run('crash', 5_000)).toEqual({ ok: true, value: 'done: crash' });
    while (worker.started) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(logged.join('\n')).toMatch(/jobWorkerFixture\.mjs failed: Error: uncaught in the worker/);
    expect(await worker.run('c', 5_000)).toEqual({ ok: true, value: 'done: c' });
  });

  it('fails the running job on close, and every later one', async () => {
    newWorker();
    const hanging = worker.run('hang', 60_000);
    await worker.close();
    expect(await hanging).toEqual({ ok: false, reason: 'the node is stopping' });
    expect(await worker.run('d', 5_000)).toEqual({ ok: false, reason: 'the node is stopping' });
  });
});
