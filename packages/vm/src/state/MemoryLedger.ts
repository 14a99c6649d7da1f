import { fromKey, toKey } from './bytesKey.js';
import type { LedgerJournal } from './LedgerJournal.js';
import { LedgerSourceError } from './LedgerSourceError.js';
import type { LedgerChanges, LedgerState } from './LedgerState.js';
import type { LedgerWrite } from './LedgerWrite.js';

interface Entry {
  balance: bigint;
  bytecode: Uint8Array | null;
  /** Keyed by `toKey` of the key bytes. */
  datastore: Map<string, Uint8Array>;
}

export interface MemoryLedgerEntryInit {
  balance?: bigint;
  bytecode?: Uint8Array;
  datastore?: Iterable<[Uint8Array, Uint8Array]>;
}

export interface MemoryLedgerOptions<Change> {
  /** Records every `write` with its undo (the devnet's candidate ledger during a block). */
  journal?: LedgerJournal<Change> | null;
  /** Where entries absent from memory come from (a forked node's state); none: they do not exist. */
  source?: LedgerSource | null;
}

/**
 * A ledger below this one, read synchronously at an address's first use (fork mode): the entry it
 * gives becomes this ledger's own, so later writes (deletions too) override it and key listings
 * include both. Undefined: the address has no entry there either.
 */
export interface LedgerSource {
  load(address: string): MemoryLedgerEntryInit | undefined;
}

const noUndo = (): void => {};

/**
 * The ledger's entries in memory: the state of unit tests, and the devnet's final and candidate
 * ledgers, which extend it with their own change kinds (`Extra`: rolls, deferred credits, the
 * async pool). Every change is an absolute write (`write`, journaled; `apply`, not), and a VM
 * execution's committed changes become such writes.
 */
export class MemoryLedger<Extra extends { kind: string } = never> implements LedgerState {
  readonly #entries = new Map<string, Entry>();
  readonly journal: LedgerJournal<LedgerWrite | Extra> | null;
  #source: LedgerSource | null;
  /** Addresses the source was asked for or that were created here: never asked (again). */
  readonly #settled = new Set<string>();

  constructor(initial?: Record<string, MemoryLedgerEntryInit>, options: MemoryLedgerOptions<LedgerWrite | Extra> = {}) {
    this.journal = options.journal ?? null;
    this.#source = options.source ?? null;
    for (const [address, init] of Object.entries(initial ?? {})) this.setEntry(address, init);
  }

  /** Creates or replaces an entry (not journaled). */
  setEntry(address: string, init: MemoryLedgerEntryInit = {}): void {
    const datastore = new Map<string, Uint8Array>();
    for (const [key, value] of init.datastore ?? []) datastore.set(toKey(key), value.slice());
    this.#entries.set(address, { balance: init.balance ?? 0n, bytecode: init.bytecode?.slice() ?? null, datastore });
  }

  /** Reads entries absent from memory from `source` from now on (fork mode). */
  useSource(source: LedgerSource | null): void {
    this.#source = source;
  }

  /** The addresses with an entry in memory (those read from the source included, the others not). */
  addresses(): string[] {
    return [...this.#entries.keys()];
  }

  getBalance(address: string): bigint | undefined {
    return this.#find(address)?.balance;
  }

  getBytecode(address: string): Uint8Array | undefined {
    const bytecode = this.#find(address)?.bytecode;
    return bytecode && bytecode.length > 0 ? bytecode : undefined;
  }

  getDataEntry(address: string, key: Uint8Array): Uint8Array | undefined {
    return this.#find(address)?.datastore.get(toKey(key));
  }

  getDataKeys(address: string, prefix: Uint8Array): Uint8Array[] {
    const entry = this.#find(address);
    if (!entry) return [];
    // One char per byte: a string prefix is a byte prefix, and string order is byte order.
    const start = toKey(prefix);
    const keys: string[] = [];
    for (const key of entry.datastore.keys()) if (key.startsWith(start)) keys.push(key);
    return keys.sort().map(fromKey);
  }

  hasEntry(address: string): boolean {
    return this.#find(address) !== undefined;
  }

  /** Removes an entry and everything it holds (not journaled): a devnet revert takes back an entry created after its snapshot. */
  deleteEntry(address: string): void {
    this.#entries.delete(address);
  }

  /** The entry in memory, else the source's (kept from then on). */
  #find(address: string): Entry | undefined {
    const entry = this.#entries.get(address);
    if (entry || !this.#source || this.#settled.has(address)) return entry;
    let init: MemoryLedgerEntryInit | undefined;
    try {
      init = this.#source.load(address);
    } catch (error) {
      throw new LedgerSourceError(address, error);
    }
    this.#settled.add(address);
    if (!init) return undefined;
    this.setEntry(address, init);
    this.loaded(address, init);
    return this.#entries.get(address);
  }

  /** An entry was read from the source: subclasses take what else it holds. */
  protected loaded(_address: string, _init: MemoryLedgerEntryInit): void {}

  /** Writes one change; with a journal, records it and how to undo it. */
  write(change: LedgerWrite | Extra): void {
    const journal = this.journal;
    if (!journal) return this.apply(change);
    const undo = this.undoOf(change);
    this.apply(change);
    journal.record(change, undo);
  }

  /** Applies one change without journaling it: genesis state, a final block, a block read back from disk. */
  apply(change: LedgerWrite | Extra): void {
    const write = change as LedgerWrite;
    switch (write.kind) {
      case 'create':
        // The entry is whole from here (a snapshot's, a new address's): the source is not asked.
        this.#settled.add(write.address);
        if (!this.#entries.has(write.address)) this.#entries.set(write.address, { balance: 0n, bytecode: null, datastore: new Map() });
        return;
      case 'balance':
        this.#entry(write.address).balance = write.value;
        return;
      case 'bytecode':
        this.#entry(write.address).bytecode = write.value;
        return;
      case 'data': {
        const datastore = this.#entry(write.address).datastore;
        if (write.value === null) datastore.delete(toKey(write.key));
        else datastore.set(toKey(write.key), write.value);
        return;
      }
      default:
        throw new Error(`unknown ledger change kind ${JSON.stringify(change.kind)}`);
    }
  }

  /** How to undo `change`, read before it is applied. */
  protected undoOf(change: LedgerWrite | Extra): () => void {
    const write = change as LedgerWrite;
    const { address } = write;
    const entry = this.#find(address);
    if (!entry) return () => this.#entries.delete(address);
    switch (write.kind) {
      case 'create':
        return noUndo;
      case 'balance': {
        const previous = entry.balance;
        return () => {
          this.#entry(address).balance = previous;
        };
      }
      case 'bytecode': {
        const previous = entry.bytecode;
        return () => {
          this.#entry(address).bytecode = previous;
        };
      }
      case 'data': {
        const key = toKey(write.key);
        const previous = entry.datastore.get(key);
        return () => {
          const datastore = this.#entry(address).datastore;
          if (previous === undefined) datastore.delete(key);
          else datastore.set(key, previous);
        };
      }
      default:
        throw new Error(`unknown ledger change kind ${JSON.stringify(change.kind)}`);
    }
  }

  /**
   * Applies a VM execution's net changes as writes, in the order of the changes: an entry set anew
   * is created and emptied first; a delete (which the VM never makes) empties the entry.
   */
  applyChanges(changes: LedgerChanges): void {
    for (const [address, change] of changes) {
      if (change.kind === 'delete') {
        this.#clearDatastore(address);
        this.write({ kind: 'bytecode', address, value: null });
        this.write({ kind: 'balance', address, value: 0n });
        continue;
      }
      if (change.kind === 'set') {
        this.write({ kind: 'create', address });
        this.#clearDatastore(address);
        this.write({ kind: 'balance', address, value: change.balance });
        this.write({ kind: 'bytecode', address, value: change.bytecode.length > 0 ? change.bytecode : null });
        for (const [key, value] of change.datastore) this.write({ kind: 'data', address, key: fromKey(key), value });
        continue;
      }
      if (change.balance !== undefined) this.write({ kind: 'balance', address, value: change.balance });
      if (change.bytecode !== undefined) this.write({ kind: 'bytecode', address, value: change.bytecode.length > 0 ? change.bytecode : null });
      for (const [key, value] of change.datastore) this.write({ kind: 'data', address, key: fromKey(key), value });
    }
  }

  #clearDatastore(address: string): void {
    for (const key of this.getDataKeys(address, EMPTY)) this.write({ kind: 'data', address, key, value: null });
  }

  #entry(address: string): Entry {
    let entry = this.#find(address);
    if (!entry) {
      entry = { balance: 0n, bytecode: null, datastore: new Map() };
      this.#entries.set(address, entry);
    }
    return entry;
  }
}

const EMPTY = new Uint8Array();
