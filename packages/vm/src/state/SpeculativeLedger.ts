import { compareBytes, fromKey, startsWith, toKey } from './bytesKey.js';
import type { LedgerChanges, LedgerReader } from './LedgerState.js';

interface Overlay {
  created: boolean;
  balance: bigint | undefined;
  bytecode: Uint8Array | undefined;
  datastore: Map<string, Uint8Array | null>;
}

/**
 * One execution's speculative changes over a ledger it only reads (the node's speculative
 * ledger), with an undo journal: `checkpoint()` marks a point, `rollback(mark)` undoes every change
 * made after it. The base ledger is never written; the net changes are read with `changes()`, and
 * committed, if at all, by the base's `applyChanges`.
 */
export class SpeculativeLedger implements LedgerReader {
  private readonly overlay = new Map<string, Overlay>();
  private readonly journal: Array<() => void> = [];

  constructor(readonly base: LedgerReader) {}

  checkpoint(): number {
    return this.journal.length;
  }

  rollback(mark: number): void {
    while (this.journal.length > mark) this.journal.pop()!();
  }

  private record(address: string): Overlay {
    let overlay = this.overlay.get(address);
    if (!overlay) {
      overlay = { created: false, balance: undefined, bytecode: undefined, datastore: new Map() };
      this.overlay.set(address, overlay);
    }
    return overlay;
  }

  hasEntry(address: string): boolean {
    return this.overlay.get(address)?.created === true || this.base.hasEntry(address);
  }

  getBalance(address: string): bigint | undefined {
    const overlay = this.overlay.get(address);
    if (overlay?.balance !== undefined) return overlay.balance;
    if (overlay?.created) return 0n;
    return this.base.getBalance(address);
  }

  getBytecode(address: string): Uint8Array | undefined {
    const overlay = this.overlay.get(address);
    if (overlay?.bytecode !== undefined) return overlay.bytecode.length > 0 ? overlay.bytecode : undefined;
    if (overlay?.created) return undefined;
    return this.base.getBytecode(address);
  }

  getDataEntry(address: string, key: Uint8Array): Uint8Array | undefined {
    const overlay = this.overlay.get(address);
    const changed = overlay?.datastore.get(toKey(key));
    if (changed !== undefined) return changed ?? undefined;
    if (overlay?.created) return undefined;
    return this.base.getDataEntry(address, key);
  }

  getDataKeys(address: string, prefix: Uint8Array): Uint8Array[] {
    const overlay = this.overlay.get(address);
    const keys = new Map<string, Uint8Array>();
    if (!overlay?.created) {
      for (const key of this.base.getDataKeys(address, prefix)) keys.set(toKey(key), key);
    }
    for (const [key, value] of overlay?.datastore ?? []) {
      if (value === null) {
        keys.delete(key);
      } else {
        const bytes = fromKey(key);
        if (startsWith(bytes, prefix)) keys.set(key, bytes);
      }
    }
    return [...keys.values()].sort(compareBytes);
  }

  /** Creates an empty entry (balance 0, no bytecode, empty datastore). */
  createEntry(address: string): void {
    const overlay = this.record(address);
    const previous = { ...overlay };
    Object.assign(overlay, { created: true, balance: 0n, bytecode: undefined, datastore: new Map() });
    this.journal.push(() => Object.assign(overlay, previous));
  }

  setBalance(address: string, balance: bigint): void {
    const overlay = this.record(address);
    const previous = overlay.balance;
    overlay.balance = balance;
    this.journal.push(() => {
      overlay.balance = previous;
    });
  }

  setBytecode(address: string, bytecode: Uint8Array): void {
    const overlay = this.record(address);
    const previous = overlay.bytecode;
    overlay.bytecode = bytecode;
    this.journal.push(() => {
      overlay.bytecode = previous;
    });
  }

  /** Sets (or, with null, deletes) a datastore entry. */
  setDataEntry(address: string, key: Uint8Array, value: Uint8Array | null): void {
    const overlay = this.record(address);
    const mapKey = toKey(key);
    const had = overlay.datastore.has(mapKey);
    const previous = overlay.datastore.get(mapKey);
    if (value === null && overlay.created) overlay.datastore.delete(mapKey);
    else overlay.datastore.set(mapKey, value);
    this.journal.push(() => {
      if (had) overlay.datastore.set(mapKey, previous ?? null);
      else overlay.datastore.delete(mapKey);
    });
  }

  /** The net changes to the base ledger. */
  changes(): LedgerChanges {
    const changes: LedgerChanges = new Map();
    for (const [address, overlay] of this.overlay) {
      if (overlay.created) {
        const datastore = new Map<string, Uint8Array>();
        for (const [key, value] of overlay.datastore) if (value !== null) datastore.set(key, value);
        changes.set(address, {
          kind: 'set',
          balance: overlay.balance ?? 0n,
          bytecode: overlay.bytecode ?? new Uint8Array(),
          datastore,
        });
      } else if (overlay.balance !== undefined || overlay.bytecode !== undefined || overlay.datastore.size > 0) {
        changes.set(address, {
          kind: 'update',
          ...(overlay.balance !== undefined ? { balance: overlay.balance } : {}),
          ...(overlay.bytecode !== undefined ? { bytecode: overlay.bytecode } : {}),
          datastore: new Map(overlay.datastore),
        });
      }
    }
    return changes;
  }
}
