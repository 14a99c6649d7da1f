import { LedgerJournal, Vm } from '@mason/vm';
import type { ChainConfig } from '../config.js';
import { remoteAccountsFor } from '../fork/remoteAccountsFor.js';
import { type BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import type { JobHandlers } from '../workers/JobRunner.js';
import { type SharedModules, shareModules, sharedModuleCache } from '../workers/SharedModules.js';
import { executeSlot, type SlotExecution, type SlotExecutionInput } from './executeSlot.js';

/**
 * What executes blocks, on the execution worker or inline: the candidate ledger (a snapshot of the
 * node's, then its own writes) and the VM that runs slots on it, in order. Inline, `shared` holds
 * the compiled modules its VM shares with the read-only one.
 */
export function executionJobs(config: ChainConfig, shared?: SharedModules): JobHandlers<SlotExecutionInput, SlotExecution, BlockChange[]> {
  const journal = new LedgerJournal<BlockChange>();
  const candidate = new DevnetLedger(journal);
  if (config.fork) candidate.useSource(remoteAccountsFor(config.fork));
  const vm = new Vm({ chainId: config.chainId, state: candidate, limits: { maxExecutionMs: config.maxExecutionMs }, ...sharedModuleCache(shared) });
  shareModules(shared, vm.modules);
  return {
    state: (changes) => {
      for (const change of changes) candidate.apply(change);
    },
    run: (input) => executeSlot({ ledger: candidate, journal, vm, config }, input),
  };
}
