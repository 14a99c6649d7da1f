import { workerData } from 'node:worker_threads';
import { LedgerJournal, Vm } from '@mason/vm';
import type { ChainConfig } from '../config.js';
import { type BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import { serveJobs } from '../workers/serveJobs.js';
import { executeSlot, type SlotExecution, type SlotExecutionInput } from './executeSlot.js';

// The execution worker: the candidate ledger (a snapshot of the node's, then its own writes) and
// the VM that runs blocks on it. Slots arrive and are answered in order.
const config = workerData as ChainConfig;
const journal = new LedgerJournal<BlockChange>();
const candidate = new DevnetLedger(journal);
const vm = new Vm({ chainId: config.chainId, state: candidate, limits: { maxExecutionMs: config.maxExecutionMs } });

serveJobs<SlotExecutionInput, SlotExecution, BlockChange[]>({
  state: (changes) => {
    for (const change of changes) candidate.apply(change);
  },
  run: (input) => executeSlot({ ledger: candidate, journal, vm, config }, input),
});
