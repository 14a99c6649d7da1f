import { fromKey } from './bytesKey.js';
import type { LedgerChanges, LedgerState } from './LedgerState.js';
import type { SpeculativeLedger } from './SpeculativeLedger.js';

/**
 * A speculative ledger seen as a state an execution can commit to: committed changes become
 * journaled writes of the speculative ledger (a unit-test host running executions inside its own).
 */
export function speculativeState(ledger: SpeculativeLedger): LedgerState {
  return {
    getBalance: (address) => ledger.getBalance(address),
    getBytecode: (address) => ledger.getBytecode(address),
    getDataEntry: (address, key) => ledger.getDataEntry(address, key),
    getDataKeys: (address, prefix) => ledger.getDataKeys(address, prefix),
    hasEntry: (address) => ledger.hasEntry(address),
    applyChanges: (changes: LedgerChanges) => {
      for (const [address, change] of changes) {
        if (change.kind === 'delete') continue;
        if (change.kind === 'set') ledger.createEntry(address);
        if (change.balance !== undefined) ledger.setBalance(address, change.balance);
        if (change.bytecode !== undefined) ledger.setBytecode(address, change.bytecode);
        for (const [key, value] of change.datastore) ledger.setDataEntry(address, fromKey(key), value);
      }
    },
  };
}
