import { fromKey, type LedgerChanges, type LedgerState as VmLedgerState } from '@mason/vm';
import type { JournaledLedger } from './journaledLedger.js';

/**
 * The candidate ledger as the VM sees it: reads go to the devnet's state, and the VM's committed
 * changes are written through the devnet's journal, so they join the block's change set and roll
 * back with it.
 */
export class VmLedgerView implements VmLedgerState {
  constructor(private readonly journal: JournaledLedger) {}

  hasEntry(address: string): boolean {
    return this.journal.state.has(address);
  }

  getBalance(address: string): bigint | undefined {
    return this.journal.state.has(address) ? this.journal.state.balance(address) : undefined;
  }

  getBytecode(address: string): Uint8Array | undefined {
    const bytecode = this.journal.state.bytecode(address);
    return bytecode && bytecode.length > 0 ? bytecode : undefined;
  }

  getDataEntry(address: string, key: Uint8Array): Uint8Array | undefined {
    return this.journal.state.getData(address, key) ?? undefined;
  }

  getDataKeys(address: string, prefix: Uint8Array): Uint8Array[] {
    return this.journal.state.keys(address, prefix);
  }

  applyChanges(changes: LedgerChanges): void {
    for (const [address, change] of changes) {
      if (change.kind === 'delete') {
        for (const key of this.journal.state.keys(address)) this.journal.write({ kind: 'data', address, key, value: null });
        this.journal.write({ kind: 'bytecode', address, value: null });
        this.journal.write({ kind: 'balance', address, value: 0n });
        continue;
      }
      if (change.kind === 'set') {
        this.journal.write({ kind: 'create', address });
        for (const key of this.journal.state.keys(address)) this.journal.write({ kind: 'data', address, key, value: null });
        this.journal.write({ kind: 'balance', address, value: change.balance });
        this.journal.write({ kind: 'bytecode', address, value: change.bytecode.length > 0 ? change.bytecode : null });
        for (const [key, value] of change.datastore) this.journal.write({ kind: 'data', address, key: fromKey(key), value });
        continue;
      }
      if (change.balance !== undefined) this.journal.write({ kind: 'balance', address, value: change.balance });
      if (change.bytecode !== undefined) this.journal.write({ kind: 'bytecode', address, value: change.bytecode.length > 0 ? change.bytecode : null });
      for (const [key, value] of change.datastore) this.journal.write({ kind: 'data', address, key: fromKey(key), value });
    }
  }
}
