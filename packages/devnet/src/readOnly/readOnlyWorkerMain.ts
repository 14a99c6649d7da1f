import { parentPort, workerData } from 'node:worker_threads';
import { Vm } from '@mason/vm';
import { JournaledLedger } from '../ledger/journaledLedger.js';
import { LedgerState } from '../ledger/ledgerState.js';
import { VmLedgerView } from '../ledger/vmLedgerView.js';
import type { ReadOnlyWorkerData, ToReadOnlyWorker } from './ReadOnlyWorker.js';
import { runReadOnlyJob } from './readOnlyJob.js';

// The read-only worker: a replica of the candidate ledger's entries, kept in step by the change
// sets the node posts after each block, and a VM of its own. Messages arrive in the order the
// node posted them, so a request always sees the candidate state of the moment it was sent.
const { chainId, maxExecutionMs } = workerData as ReadOnlyWorkerData;
const replica = new LedgerState();
const vm = new Vm({ chainId, state: new VmLedgerView(new JournaledLedger(replica)), limits: { maxExecutionMs } });

parentPort!.on('message', (message: ToReadOnlyWorker) => {
  if (message.type === 'changes') {
    for (const change of message.changes) replica.apply(change);
    return;
  }
  let reply: { id: number; response: Record<string, unknown> } | { id: number; failure: string };
  try {
    reply = { id: message.id, response: runReadOnlyJob(vm, message.job) };
  } catch (error) {
    reply = { id: message.id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
