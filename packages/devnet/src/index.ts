export { startDevnet, type Devnet, type DevnetOptions, type DevnetAccount, type InitialLedgerEntry } from './startDevnet.js';
export { DevnetNode, type FinalizedBlock } from './devnetNode.js';
export { defaultChainConfig, DEVNET_TIMING, MAINNET_TIMING, type ChainConfig } from './config.js';
export { devnetAccountKey, devnetStakerKey } from './accounts.js';
export { ApiError } from './apiError.js';
export type { ReadOnlyExecutor } from './readOnly.js';
export { JournaledLedger } from './ledger/journaledLedger.js';
export { LedgerState, type LedgerChange } from './ledger/ledgerState.js';
export type { ScOutputEvent, EventFilter } from './events/eventStore.js';
