export { startDevnet, type Devnet, type DevnetServer, type DevnetOptions, type DevnetAccount, type InitialLedgerEntry } from './startDevnet.js';
export type { FinalizedBlock, FinalityJournal } from './chain/Finalizer.js';
export { MAX_KEPT_PRODUCTION_ERRORS } from './production/BlockProducer.js';
export { defaultChainConfig, DEVNET_TIMING, MAINNET_TIMING, type ChainConfig } from './config.js';
export { devnetAccountKey, devnetStakerKey } from './accounts.js';
export { ApiError } from './apiError.js';
export {
  AbiRegistryError,
  abiRegistryErrors,
  isAbiRegistryError,
  devnetErrorTables,
  initialLedgerErrors,
  isDataDirError,
  isDataDirLockError,
  isDevnetError,
  isDevnetOptionError,
  isInitialLedgerError,
  isStateControlError,
  type DevnetErrorCode,
} from './errors.js';
export type { ReadOnlyExecutor } from './readOnly/readOnlyExecutor.js';
export { DevnetLedger, type BlockChange, type ChainStateChange } from './ledger/devnetLedger.js';
export type { SCOutputEvent, EventFilter } from './events/eventStore.js';
export { DataDirError, dataDirErrors, type DataDirErrorCode } from './persistence/dataDirError.js';
export type { JournalFs } from './persistence/journalFs.js';
export { DEFAULT_LIMITS, type ServerLimits } from './rpc/serverLimits.js';
export { InitialLedgerError, readInitialLedgerFile, validateInitialLedger } from './initialLedger.js';
export { DevnetOptionError, devnetOptionErrors, type DevnetOptionErrorCode } from './devnetOptionError.js';
export { lockDataDir, DataDirLockError, dataDirLockErrors, DATA_DIR_LOCK_FILE, type DataDirLock, type DataDirLockErrorCode } from './dataDirLock.js';
export type { ExecutionMode } from './workers/JobRunner.js';
export type { DevnetStateControl } from './stateControl/devnetStateControl.js';
export type { BytesInput } from './stateControl/StateControl.js';
export { StateControlError, stateControlErrors, type StateControlErrorCode } from './stateControl/StateControlError.js';
export { readStateFile, STATE_FORMAT, STATE_VERSION, type DumpedAccount, type DumpedState, type StateDump } from './stateControl/stateDump.js';
export { TraceStore, DEFAULT_TRACE_KEEP, DEFAULT_TRACE_MAX_BYTES, type TraceOptions } from './traces/TraceStore.js';
export type { ExecutionTrace, TraceEffect, TraceFrame, TraceHostCall, TraceFailure, TraceBytes } from '@mason/vm';
export { ForkError, forkErrors, isForkError, type ForkErrorCode } from './fork/ForkError.js';
export type { ForkOptions } from './fork/connectFork.js';
