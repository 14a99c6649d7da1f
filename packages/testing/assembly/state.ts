// State control for specs: any address's storage and bytecode, and snapshots of the whole test
// state. Host functions of Mason's test host only (like env.ts): never import them in a contract.

// @ts-ignore: decorator
@external("mason_testing", "set_storage_of")
declare function setStorageOfImport(address: string, key: StaticArray<u8>, value: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("mason_testing", "delete_storage_of")
declare function deleteStorageOfImport(address: string, key: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("mason_testing", "set_bytecode_of")
declare function setBytecodeOfImport(address: string, bytecode: StaticArray<u8>): void;

// @ts-ignore: decorator
@external("mason_testing", "snapshot_state")
declare function snapshotStateImport(): u32;

// @ts-ignore: decorator
@external("mason_testing", "revert_state")
declare function revertStateImport(id: u32): void;

/** Sets a datastore entry of any address (a contract's storage), creating its ledger entry if needed. */
export function setStorageOf(address: string, key: StaticArray<u8>, value: StaticArray<u8>): void {
  setStorageOfImport(address, key, value);
}

/** Deletes a datastore entry of any address (nothing happens when it has none). */
export function deleteStorageOf(address: string, key: StaticArray<u8>): void {
  deleteStorageOfImport(address, key);
}

/** Sets the bytecode of any address: `call()` to it then runs that module. */
export function setBytecodeOf(address: string, bytecode: StaticArray<u8>): void {
  setBytecodeOfImport(address, bytecode);
}

/**
 * Takes a snapshot of the test state (ledger: balances, storage, bytecode; events; slot and
 * timestamp; call stack) and returns its id, for `revertState`.
 */
export function snapshotState(): u32 {
  return snapshotStateImport();
}

/**
 * Back to the state of snapshot `id`. The snapshot is used up, with every later one (as anvil's
 * evm_revert); an unknown id fails the test (MASON_TESTING_SNAPSHOT_UNKNOWN).
 */
export function revertState(id: u32): void {
  revertStateImport(id);
}
