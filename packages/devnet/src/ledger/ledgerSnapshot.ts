import type { LedgerChange, LedgerState } from './ledgerState.js';

/** Changes that build `ledger` from nothing: entries, rolls, deferred credits and the async pool. */
export function ledgerSnapshot(ledger: LedgerState): LedgerChange[] {
  const changes: LedgerChange[] = [];
  for (const [address, entry] of ledger.entries) {
    changes.push({ kind: 'create', address }, { kind: 'balance', address, value: entry.balance }, { kind: 'bytecode', address, value: entry.bytecode });
    for (const { key, value } of entry.datastore.values()) changes.push({ kind: 'data', address, key, value });
  }
  for (const [address, value] of ledger.rolls) changes.push({ kind: 'rolls', address, value });
  for (const [address, credits] of ledger.deferredCredits) {
    for (const [slot, value] of credits) {
      const [period, thread] = slot.split(':').map(Number) as [number, number];
      changes.push({ kind: 'deferred', address, period, thread, value });
    }
  }
  for (const { id, entry } of ledger.asyncPool.ordered()) changes.push({ kind: 'asyncMessage', id, value: entry });
  return changes;
}
