// The devnet's errors, gathered: each table stays beside the code that throws its errors (options,
// data directory, its lock, the initial ledger); this module is where they are all found. The node's
// JSON-RPC errors (ApiError) are not here: they are wire data with the node's numeric codes.
import { isMasonError, type MasonError } from '@mason/codec';
import { abiRegistryErrors, isAbiRegistryError } from './abi/AbiRegistryError.js';
import { dataDirLockErrors, isDataDirLockError } from './dataDirLock.js';
import { devnetOptionErrors, isDevnetOptionError } from './devnetOptionError.js';
import { forkErrors, isForkError } from './fork/ForkError.js';
import { initialLedgerErrors, isInitialLedgerError } from './initialLedger.js';
import { dataDirErrors, isDataDirError } from './persistence/dataDirError.js';
import { isStateControlError, stateControlErrors } from './stateControl/StateControlError.js';

export { AbiRegistryError, abiRegistryErrors, isAbiRegistryError, type AbiRegistryErrorCode } from './abi/AbiRegistryError.js';
export { DataDirLockError, dataDirLockErrors, isDataDirLockError, type DataDirLockErrorCode } from './dataDirLock.js';
export { DevnetOptionError, devnetOptionErrors, isDevnetOptionError, type DevnetOptionErrorCode } from './devnetOptionError.js';
export { ForkError, forkErrors, isForkError, type ForkErrorCode } from './fork/ForkError.js';
export { InitialLedgerError, initialLedgerErrors, isInitialLedgerError } from './initialLedger.js';
export { DataDirError, dataDirErrors, isDataDirError, type DataDirErrorCode } from './persistence/dataDirError.js';
export { StateControlError, stateControlErrors, isStateControlError, type StateControlErrorCode } from './stateControl/StateControlError.js';

/** Every code the devnet throws as a MasonError, table by table. */
export const devnetErrorTables = {
  devnetOptionErrors,
  dataDirErrors,
  dataDirLockErrors,
  initialLedgerErrors,
  stateControlErrors,
  forkErrors,
  abiRegistryErrors,
} as const;

export type DevnetErrorCode = {
  [K in keyof typeof devnetErrorTables]: keyof (typeof devnetErrorTables)[K];
}[keyof typeof devnetErrorTables];

const guards: ReadonlyArray<(error: unknown) => boolean> = [
  isDevnetOptionError,
  isDataDirError,
  isDataDirLockError,
  isInitialLedgerError,
  isStateControlError,
  isForkError,
  isAbiRegistryError,
];

/** True for any of the devnet's MasonErrors (with `code` when given), also one made by another copy of @mason/devnet. */
export function isDevnetError<C extends DevnetErrorCode = DevnetErrorCode>(error: unknown, code?: C): error is MasonError<C> {
  return isMasonError(error) && guards.some((is) => is(error)) && (code === undefined || error.code === code);
}
