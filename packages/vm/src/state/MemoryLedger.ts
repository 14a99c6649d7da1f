import { compareBytes, fromKey, startsWith, toKey } from './bytesKey.js';
import type { LedgerChanges, LedgerState } from './LedgerState.js';

interface Entry {
  balance: bigint;
  bytecode: Uint8Array;
  datastore: Map<string, Uint8Array>;
}

export interface MemoryLedgerEntryInit {
  balance?: bigint;
  bytecode?: Uint8Array;
  datastore?: Iterable<[Uint8Array, Uint8Array]>;
}

/** In-memory ledger: the state of unit tests, and a base for anything that keeps its ledger in RAM. */
export class MemoryLedger implements LedgerState {
  private readonly entries = new Map<string, Entry>();

  constructor(initial?: Record<string, MemoryLedgerEntryInit>) {
    for (const [address, init] of Object.entries(initial ?? {})) this.setEntry(address, init);
  }

  /** Creates or replaces an entry. */
  setEntry(address: string, init: MemoryLedgerEntryInit = {}): void {
    const datastore = new Map<string, Uint8Array>();
    for (const [key, value] of init.datastore ?? []) datastore.set(toKey(key), value.slice());
    this.entries.set(address, {
      balance: init.balance ?? 0n,
      bytecode: init.bytecode?.slice() ?? new Uint8Array(),
      datastore,
    });
  }

  addresses(): string[] {
    return [...this.entries.keys()];
  }

  getBalance(address: string): bigint | undefined {
    return this.entries.get(address)?.balance;
  }

  getBytecode(address: string): Uint8Array | undefined {
    const bytecode = this.entries.get(address)?.bytecode;
    return bytecode && bytecode.length > 0 ? bytecode : undefined;
  }

  getDataEntry(address: string, key: Uint8Array): Uint8Array | undefined {
    return this.entries.get(address)?.datastore.get(toKey(key));
  }

  getDataKeys(address: string, prefix: Uint8Array): Uint8Array[] {
    const entry = this.entries.get(address);
    if (!entry) return [];
    const keys: Uint8Array[] = [];
    for (const key of entry.datastore.keys()) {
      const bytes = fromKey(key);
      if (startsWith(bytes, prefix)) keys.push(bytes);
    }
    return keys.sort(compareBytes);
  }

  hasEntry(address: string): boolean {
    return this.entries.has(address);
  }

  applyChanges(changes: LedgerChanges): void {
    for (const [address, change] of changes) {
      if (change.kind === 'delete') {
        this.entries.delete(address);
      } else if (change.kind === 'set') {
        this.entries.set(address, {
          balance: change.balance,
          bytecode: change.bytecode,
          datastore: new Map(change.datastore),
        });
      } else {
        let entry = this.entries.get(address);
        if (!entry) {
          entry = { balance: 0n, bytecode: new Uint8Array(), datastore: new Map() };
          this.entries.set(address, entry);
        }
        if (change.balance !== undefined) entry.balance = change.balance;
        if (change.bytecode !== undefined) entry.bytecode = change.bytecode;
        for (const [key, value] of change.datastore) {
          if (value === null) entry.datastore.delete(key);
          else entry.datastore.set(key, value);
        }
      }
    }
  }
}
