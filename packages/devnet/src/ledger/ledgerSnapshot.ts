import type { BlockChange, DevnetLedger } from './devnetLedger.js';

/** Changes that build `ledger` from nothing: entries, rolls, deferred credits, the async pool and the deferred calls. */
export function ledgerSnapshot(ledger: DevnetLedger): BlockChange[] {
  const changes: BlockChange[] = [];
  const everyKey = new Uint8Array();
  for (const address of ledger.addresses()) {
    changes.push(
      { kind: 'create', address },
      { kind: 'balance', address, value: ledger.balance(address) },
      { kind: 'bytecode', address, value: ledger.getBytecode(address) ?? null },
    );
    for (const key of ledger.getDataKeys(address, everyKey)) changes.push({ kind: 'data', address, key, value: ledger.getDataEntry(address, key)! });
  }
  for (const [address, value] of ledger.rolls) changes.push({ kind: 'rolls', address, value });
  for (const [address, credits] of ledger.deferredCredits) {
    for (const [slot, value] of credits) {
      const [period, thread] = slot.split(':').map(Number) as [number, number];
      changes.push({ kind: 'deferred', address, period, thread, value });
    }
  }
  for (const { id, entry } of ledger.asyncPool.ordered()) changes.push({ kind: 'asyncMessage', id, value: entry });
  changes.push(...ledger.deferredCalls.snapshot());
  return changes;
}
