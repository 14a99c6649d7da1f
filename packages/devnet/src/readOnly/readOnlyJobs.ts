import { Vm } from '@mason/vm';
import { remoteAccountsFor } from '../fork/remoteAccountsFor.js';
import type { ForkSource } from '../fork/RemoteAccounts.js';
import { type BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import type { JobHandlers } from '../workers/JobRunner.js';
import { type SharedModules, shareModules, sharedModuleCache } from '../workers/SharedModules.js';
import { type ReadOnlyJob, type ReadOnlyResponse, runReadOnlyJob } from './readOnlyJob.js';

export interface ReadOnlyJobsConfig {
  chainId: bigint;
  maxExecutionMs: number;
  /** Fork mode: the replica reads the entries it lacks from the remote node. */
  fork?: ForkSource;
}

/**
 * What runs read-only calls, on the read-only worker or inline: a replica of the candidate
 * ledger's entries, kept in step by the change sets the node posts after each block, and a VM of
 * its own. Changes and jobs come in the order the node gave them, so a request always sees the
 * candidate state of the moment it was sent. Inline, `shared` holds the compiled modules its VM
 * shares with the execution one.
 */
export function readOnlyJobs(
  { chainId, maxExecutionMs, fork }: ReadOnlyJobsConfig,
  shared?: SharedModules,
): JobHandlers<ReadOnlyJob, ReadOnlyResponse, BlockChange[]> {
  const replica = new DevnetLedger();
  if (fork) replica.useSource(remoteAccountsFor(fork));
  const vm = new Vm({ chainId, state: replica, limits: { maxExecutionMs }, ...sharedModuleCache(shared) });
  shareModules(shared, vm.modules);
  return {
    state: (changes) => {
      for (const change of changes) replica.apply(change);
    },
    run: (job) => runReadOnlyJob(vm, job),
  };
}
