import { workerData } from 'node:worker_threads';
import { Vm } from '@mason/vm';
import type { ChainConfig } from '../config.js';
import { JournaledLedger } from '../ledger/journaledLedger.js';
import { type LedgerChange, LedgerState } from '../ledger/ledgerState.js';
import { VmLedgerView } from '../ledger/vmLedgerView.js';
import { serveJobs } from '../workers/serveJobs.js';
import { executeSlot, type SlotExecution, type SlotExecutionInput } from './executeSlot.js';

// The execution worker: the candidate ledger (a snapshot of the node's, then its own writes) and
// the VM that runs blocks on it. Slots arrive and are answered in order.
const config = workerData as ChainConfig;
const candidate = new LedgerState();
const journal = new JournaledLedger(candidate);
const vm = new Vm({ chainId: config.chainId, state: new VmLedgerView(journal), limits: { maxExecutionMs: config.maxExecutionMs } });

serveJobs<SlotExecutionInput, SlotExecution, LedgerChange[]>({
  state: (changes) => {
    for (const change of changes) candidate.apply(change);
  },
  run: (input) => executeSlot(journal, vm, config, input),
});
