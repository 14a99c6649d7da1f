import { workerData } from 'node:worker_threads';
import { Vm } from '@mason/vm';
import { type BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import { serveJobs } from '../workers/serveJobs.js';
import type { ReadOnlyWorkerData } from './ReadOnlyWorker.js';
import { type ReadOnlyJob, type ReadOnlyResponse, runReadOnlyJob } from './readOnlyJob.js';

// The read-only worker: a replica of the candidate ledger's entries, kept in step by the change
// sets the node posts after each block, and a VM of its own. Messages arrive in the order the
// node posted them, so a request always sees the candidate state of the moment it was sent.
const { chainId, maxExecutionMs } = workerData as ReadOnlyWorkerData;
const replica = new DevnetLedger();
const vm = new Vm({ chainId, state: replica, limits: { maxExecutionMs } });

serveJobs<ReadOnlyJob, ReadOnlyResponse, BlockChange[]>({
  state: (changes) => {
    for (const change of changes) replica.apply(change);
  },
  run: (job) => runReadOnlyJob(vm, job),
});
