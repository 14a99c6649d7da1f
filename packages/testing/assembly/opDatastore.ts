import * as env from './env';

/**
 * Adds an entry to the operation datastore, readable by the code under test as an ExecuteSC's
 * `main` reads it (nested calls see none, as on a node).
 */
export function setOpData(key: StaticArray<u8>, value: StaticArray<u8>): void {
  env.setOpData(key, value);
}

export function deleteOpData(key: StaticArray<u8>): void {
  env.deleteOpData(key);
}

export function clearOpData(): void {
  env.clearOpData();
}
