import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, type WorkerPoolOptions } from '../src/WorkerPool.js';

// Whatever a job does to its worker — throws, hangs, exits, crashes it later — that job alone
// fails, with a reason, and the next job gets a fresh worker that starts from the initial state.

const FIXTURE = new URL('./fixtures/poolWorker.mjs', import.meta.url);
const errors: string[] = [];
let snapshot: string[] = ['genesis'];
let pool: WorkerPool<string, unknown, string[]>;

function newPool(options: Partial<WorkerPoolOptions<string[]>> = {}) {
  pool = new WorkerPool<string, unknown, string[]>(FIXTURE, {
    size: 1,
    initialState: () => snapshot,
    onWorkerError: (error) => errors.push(error.message),
    ...options,
  });
  return pool;
}

afterEach(async () => {
  await pool?.close();
  errors.length = 0;
  snapshot = ['genesis'];
});

describe('WorkerPool', () => {
  it('runs jobs in order and gives a new worker the initial state, then what was posted', async () => {
    newPool({ jobsPerWorker: Number.POSITIVE_INFINITY });
    expect(await pool.run('a')).toEqual({ ok: true, value: 'done: a' });
    pool.postState(['block 1']);
    expect(await pool.run('state')).toEqual({ ok: true, value: ['genesis', 'block 1'] });
  });

  it('fails a job that throws or rejects with its error, and keeps the worker', async () => {
    newPool();
    // State posted with no worker running is dropped: a worker starts from the initial state.
    pool.postState(['dropped']);
    expect(await pool.run('state')).toEqual({ ok: true, value: ['genesis'] });
    pool.postState(['kept']);
    const threw = await pool.run('throw');
    expect(!threw.ok && threw.reason).toMatch(/^Error: the job threw\n\s+at /);
    const rejected = await pool.run('reject');
    expect(!rejected.ok && rejected.reason).toMatch(/^Error: the job rejected\n\s+at /);
    expect(await pool.run('state')).toEqual({ ok: true, value: ['genesis', 'kept'] });
  });

  it('terminates a job past its deadline; the next job runs on a fresh worker from the current state', async () => {
    newPool();
    pool.postState(['lost with the worker']);
    expect(await pool.run('hang', { deadlineMs: 100, deadlineReason: 'too slow' })).toEqual({ ok: false, reason: 'too slow' });
    snapshot = ['genesis', 'block 1'];
    expect(await pool.run('state')).toEqual({ ok: true, value: ['genesis', 'block 1'] });
  });

  it('fails the running job when the worker exits, and starts again', async () => {
    newPool();
    expect(await pool.run('exit')).toEqual({ ok: false, reason: 'its worker exited' });
    expect(await pool.run('b')).toEqual({ ok: true, value: 'done: b' });
  });

  it('reports a worker that crashes after answering; the next job starts a fresh one', async () => {
    newPool();
    expect(await pool.run('crash')).toEqual({ ok: true, value: 'done: crash' });
    while (pool.started) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(errors).toEqual(['uncaught in the worker']);
    expect(await pool.run('c')).toEqual({ ok: true, value: 'done: c' });
  });

  it('fails held, queued and later jobs on close with its reason', async () => {
    newPool();
    const hanging = pool.run('hang');
    const queued = pool.run('never');
    await pool.close('the node is stopping');
    expect(await hanging).toEqual({ ok: false, reason: 'the node is stopping' });
    expect(await queued).toEqual({ ok: false, reason: 'the node is stopping', cancelled: true });
    expect(await pool.run('d')).toEqual({ ok: false, reason: 'the node is stopping' });
  });

  it('runs jobs on up to `size` threads at once, one job per worker, the rest queued in order', async () => {
    newPool({ size: 2 });
    const started: string[] = [];
    const jobs = ['later:200', 'later:200', 'a', 'b'].map((job) => pool.run(job, { onStart: () => started.push(job) }));
    expect(started).toEqual(['later:200', 'later:200']);
    const outcomes = await Promise.all(jobs);
    expect(started).toEqual(['later:200', 'later:200', 'a', 'b']);
    const threads = outcomes.slice(0, 2).map((outcome) => (outcome.ok ? outcome.value : outcome.reason));
    expect(new Set(threads).size).toBe(2);
    expect(outcomes.slice(2)).toEqual([
      { ok: true, value: 'done: a' },
      { ok: true, value: 'done: b' },
    ]);
    expect(pool.running).toBe(2);
  });

  it('gives up queued jobs on cancelQueued, and every job with no worker allowed', async () => {
    newPool();
    const running = pool.run('later:100');
    const queued = pool.run('a');
    pool.cancelQueued('the build stopped');
    expect(await queued).toEqual({ ok: false, reason: 'the build stopped', cancelled: true });
    expect((await running).ok).toBe(true);
    const none = new WorkerPool<string, unknown>(FIXTURE, { size: 0 });
    expect(await none.run('a')).toEqual({ ok: false, reason: 'the pool has no worker' });
  });
});
