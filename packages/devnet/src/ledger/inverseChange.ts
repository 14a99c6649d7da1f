import type { BlockChange, DevnetLedger } from './devnetLedger.js';

/**
 * The change that brings `ledger` back to what it holds now, once `change` is applied: the
 * previous value of what `change` writes, or the removal of the entry it creates (null when
 * applying it changes nothing).
 * A snapshot's undo log is made of these, so a revert is a list of ordinary changes the execution
 * and read-only workers' copies take too.
 */
export function inverseChange(ledger: DevnetLedger, change: BlockChange): BlockChange | null {
  switch (change.kind) {
    case 'create':
      return ledger.hasEntry(change.address) ? null : removeEntry(change.address);
    // A write to an address without an entry creates it.
    case 'balance':
      return ledger.hasEntry(change.address) ? { ...change, value: ledger.balance(change.address) } : removeEntry(change.address);
    case 'bytecode':
      return ledger.hasEntry(change.address) ? { ...change, value: ledger.getBytecode(change.address) ?? null } : removeEntry(change.address);
    case 'data':
      return ledger.hasEntry(change.address) ? { ...change, value: ledger.getDataEntry(change.address, change.key) ?? null } : removeEntry(change.address);
    case 'rolls':
      return { ...change, value: ledger.rollCount(change.address) };
    case 'deferred':
      return { ...change, value: ledger.deferredCredit(change.address, change.period, change.thread) };
    case 'asyncMessage':
      return { ...change, value: ledger.asyncPool.get(change.id) ?? null };
    case 'deferredCall':
    case 'deferredSlotGas':
    case 'deferredBaseFee':
    case 'deferredTotalGas':
      return ledger.deferredCalls.previousOf(change);
    case 'removeEntry':
      return null;
  }
}

const removeEntry = (address: string): BlockChange => ({ kind: 'removeEntry', address });
