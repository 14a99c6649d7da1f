import { describe, expect, it } from 'vitest';
import { InlineJobs } from '../../src/workers/InlineJobs.js';
import type { JobHandlers } from '../../src/workers/JobRunner.js';

type Job = { add: number[] } | { fail: string };

/** Handlers that keep a list: state appends, a job appends too and answers the whole list. */
function listJobs(): JobHandlers<Job, { list: number[] }, number[]> {
  const list: number[] = [];
  return {
    state: (values) => void list.push(...values),
    run: (job) => {
      if ('fail' in job) throw new Error(job.fail);
      list.push(...job.add);
      return { list };
    },
  };
}

describe('InlineJobs', () => {
  it('starts from the snapshot taken when it starts, then takes state and jobs in the order given', async () => {
    let snapshot = [1];
    const jobs = new InlineJobs(async () => listJobs(), { initialState: () => snapshot });
    jobs.postState([99]); // not started: the next snapshot holds it
    jobs.warm();
    snapshot = [1, 99];
    jobs.postState([2]);
    const first = jobs.run({ add: [3] });
    jobs.postState([4]);
    expect(await first).toEqual({ ok: true, value: { list: [1, 2, 3] } });
    expect(await jobs.run({ add: [5] })).toEqual({ ok: true, value: { list: [1, 2, 3, 4, 5] } });
  });

  it('copies what goes in and what comes out, as a worker does', async () => {
    const jobs = new InlineJobs(async () => listJobs());
    const job = { add: [1] };
    const state = [7];
    jobs.warm();
    jobs.postState(state);
    state.push(8);
    const answer = jobs.run(job);
    job.add.push(2);
    const outcome = await answer;
    if (!outcome.ok) throw new Error(outcome.reason);
    outcome.value.list.push(100);
    expect(await jobs.run({ add: [] })).toEqual({ ok: true, value: { list: [7, 1] } });
  });

  it('fails a job that throws with its error, and runs the next one', async () => {
    const jobs = new InlineJobs(async () => listJobs());
    const failed = await jobs.run({ fail: 'the VM broke' });
    expect(failed).toMatchObject({ ok: false, reason: expect.stringContaining('Error: the VM broke') });
    expect(await jobs.run({ add: [1] })).toEqual({ ok: true, value: { list: [1] } });
  });

  it('fails the jobs waiting for handlers that do not load, and tries loading again for the next', async () => {
    let loads = 0;
    const jobs = new InlineJobs(async () => {
      loads++;
      if (loads === 1) throw new Error('cannot find module');
      return listJobs();
    });
    const failing = jobs.run({ add: [1] });
    jobs.postState([5]); // given to the handlers that fail: no unhandled rejection
    expect(await failing).toEqual({ ok: false, reason: 'its handlers did not load: cannot find module' });
    expect(await jobs.run({ add: [2] })).toEqual({ ok: true, value: { list: [2] } });
    expect(loads).toBe(2);
  });

  it('fails a job given before a restart with the reason, and starts the next from a new snapshot', async () => {
    let snapshot = [1];
    const jobs = new InlineJobs(async () => listJobs(), { initialState: () => snapshot });
    const dropped = jobs.run({ add: [2] });
    await jobs.restart('the candidate ledger was replaced');
    snapshot = [10];
    expect(await dropped).toEqual({ ok: false, reason: 'the candidate ledger was replaced' });
    expect(await jobs.run({ add: [11] })).toEqual({ ok: true, value: { list: [10, 11] } });
  });

  it('answers "the node is stopping" once closed, to jobs waiting and to new ones', async () => {
    const jobs = new InlineJobs(async () => listJobs());
    const waiting = jobs.run({ add: [1] });
    await jobs.close();
    expect(await waiting).toEqual({ ok: false, reason: 'the node is stopping' });
    expect(await jobs.run({ add: [2] })).toEqual({ ok: false, reason: 'the node is stopping' });
    expect(jobs.closed).toBe(true);
  });
});
