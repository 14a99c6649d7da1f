import { Vm } from '@mason/vm';
import { type BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import type { JobHandlers } from '../workers/JobRunner.js';
import { type ReadOnlyJob, type ReadOnlyResponse, runReadOnlyJob } from './readOnlyJob.js';

export interface ReadOnlyJobsConfig {
  chainId: bigint;
  maxExecutionMs: number;
}

/**
 * What runs read-only calls, on the read-only worker or inline: a replica of the candidate
 * ledger's entries, kept in step by the change sets the node posts after each block, and a VM of
 * its own. Changes and jobs come in the order the node gave them, so a request always sees the
 * candidate state of the moment it was sent.
 */
export function readOnlyJobs({ chainId, maxExecutionMs }: ReadOnlyJobsConfig): JobHandlers<ReadOnlyJob, ReadOnlyResponse, BlockChange[]> {
  const replica = new DevnetLedger();
  const vm = new Vm({ chainId, state: replica, limits: { maxExecutionMs } });
  return {
    state: (changes) => {
      for (const change of changes) replica.apply(change);
    },
    run: (job) => runReadOnlyJob(vm, job),
  };
}
