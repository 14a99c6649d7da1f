import { compareBytes } from '@mason/codec';
import { AsyncPoolState, type PooledAsyncMessage } from '../asyncPool/asyncPoolState.js';

export interface LedgerEntry {
  balance: bigint;
  bytecode: Uint8Array | null;
  /** Keyed by the hex of the key bytes; values keep the raw key for ordered listing. */
  datastore: Map<string, { key: Uint8Array; value: Uint8Array }>;
}

/**
 * One write to the ledger, absolute (the value after the write), so a block's writes can be
 * replayed on the final state, persisted, and never applied twice with a different result.
 */
export type LedgerChange =
  | { kind: 'balance'; address: string; value: bigint }
  | { kind: 'bytecode'; address: string; value: Uint8Array | null }
  | { kind: 'data'; address: string; key: Uint8Array; value: Uint8Array | null }
  | { kind: 'create'; address: string }
  | { kind: 'rolls'; address: string; value: number }
  | { kind: 'deferred'; address: string; period: number; thread: number; value: bigint }
  /** An asynchronous message added, replaced (activated by its trigger) or removed (null). */
  | { kind: 'asyncMessage'; id: string; value: PooledAsyncMessage | null };

const hex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

/** Balances, bytecode, datastores, rolls and deferred credits of every address, and the async pool. */
export class LedgerState {
  readonly entries = new Map<string, LedgerEntry>();
  readonly rolls = new Map<string, number>();
  /** address → slot key "period:thread" → amount */
  readonly deferredCredits = new Map<string, Map<string, bigint>>();
  readonly asyncPool = new AsyncPoolState();

  has(address: string): boolean {
    return this.entries.has(address);
  }

  balance(address: string): bigint {
    return this.entries.get(address)?.balance ?? 0n;
  }

  bytecode(address: string): Uint8Array | null {
    return this.entries.get(address)?.bytecode ?? null;
  }

  getData(address: string, key: Uint8Array): Uint8Array | null {
    return this.entries.get(address)?.datastore.get(hex(key))?.value ?? null;
  }

  /** Keys in byte order, filtered by a byte prefix (compared as bytes, never as strings). */
  keys(address: string, prefix: Uint8Array = new Uint8Array()): Uint8Array[] {
    const entry = this.entries.get(address);
    if (!entry) return [];
    const out: Uint8Array[] = [];
    for (const { key } of entry.datastore.values()) {
      if (key.length >= prefix.length && compareBytes(key.subarray(0, prefix.length), prefix) === 0) out.push(key);
    }
    return out.sort(compareBytes);
  }

  rollCount(address: string): number {
    return this.rolls.get(address) ?? 0;
  }

  apply(change: LedgerChange): void {
    switch (change.kind) {
      case 'create':
        if (!this.entries.has(change.address)) this.entries.set(change.address, { balance: 0n, bytecode: null, datastore: new Map() });
        return;
      case 'balance':
        this.#entry(change.address).balance = change.value;
        return;
      case 'bytecode':
        this.#entry(change.address).bytecode = change.value;
        return;
      case 'data': {
        const store = this.#entry(change.address).datastore;
        if (change.value === null) store.delete(hex(change.key));
        else store.set(hex(change.key), { key: change.key, value: change.value });
        return;
      }
      case 'rolls':
        if (change.value === 0) this.rolls.delete(change.address);
        else this.rolls.set(change.address, change.value);
        return;
      case 'deferred': {
        const slotKey = `${change.period}:${change.thread}`;
        const credits = this.deferredCredits.get(change.address) ?? new Map<string, bigint>();
        if (change.value === 0n) credits.delete(slotKey);
        else credits.set(slotKey, change.value);
        if (credits.size === 0) this.deferredCredits.delete(change.address);
        else this.deferredCredits.set(change.address, credits);
        return;
      }
      case 'asyncMessage':
        this.asyncPool.set(change.id, change.value);
        return;
    }
  }

  #entry(address: string): LedgerEntry {
    let entry = this.entries.get(address);
    if (!entry) {
      entry = { balance: 0n, bytecode: null, datastore: new Map() };
      this.entries.set(address, entry);
    }
    return entry;
  }
}
