/** Read access to a ledger: what the VM needs to know about addresses. Addresses are strings (`AU…`/`AS…`). */
export interface LedgerReader {
  /** Balance in nanoMAS, or undefined when the address has no ledger entry. */
  getBalance(address: string): bigint | undefined;
  /** Bytecode, or undefined when the address has no entry or no bytecode. */
  getBytecode(address: string): Uint8Array | undefined;
  getDataEntry(address: string, key: Uint8Array): Uint8Array | undefined;
  /** Keys of the address's datastore that start with `prefix`, in ascending byte order. */
  getDataKeys(address: string, prefix: Uint8Array): Uint8Array[];
  hasEntry(address: string): boolean;
}

/** Changes to one datastore: a value to set, or null to delete the key. */
export type DatastoreChanges = Map<string, Uint8Array | null>;

/** Change to one ledger entry, like the node's `SetUpdateOrDelete<LedgerEntry>`. */
export type LedgerEntryChange =
  | { kind: 'set'; balance: bigint; bytecode: Uint8Array; datastore: Map<string, Uint8Array> }
  | { kind: 'update'; balance?: bigint; bytecode?: Uint8Array; datastore: DatastoreChanges }
  | { kind: 'delete' };

/**
 * Ledger changes by address. Datastore keys in the maps are latin1 strings of the key bytes
 * (see `toKey`/`fromKey`).
 */
export type LedgerChanges = Map<string, LedgerEntryChange>;

/** A ledger the VM can run against and commit to. */
export interface LedgerState extends LedgerReader {
  applyChanges(changes: LedgerChanges): void;
}
