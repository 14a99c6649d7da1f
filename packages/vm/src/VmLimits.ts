import { NODE_CONSTANTS } from '@mason/codec';
import { NODE_CONDOM_LIMITS, type CondomLimits } from '@mason/wasm';

/** Execution limits and storage prices; defaults are the node's constants (MAIN.5.0). */
export interface VmLimits {
  maxEventSize: number;
  maxEventsPerOperation: number;
  maxRecursiveCallsDepth: number;
  maxDatastoreKeyLength: number;
  maxDatastoreValueSize: number;
  maxBytecodeSize: number;
  maxFunctionNameLength: number;
  maxParameterSize: number;
  /** Runtime cap on the keys a contract can list at once. */
  maxDatastoreEntryCount: number;
  maxOperationDatastoreEntryCount: number;
  maxReadOnlyGas: bigint;
  threadCount: number;
  /** nanoMAS per stored byte. */
  ledgerCostPerByte: bigint;
  /** nanoMAS to create a ledger entry. */
  ledgerEntryBaseCost: bigint;
  /** Bytes charged per datastore entry on top of key and value. */
  ledgerEntryDatastoreBaseSize: number;
  condom: CondomLimits;
  /**
   * Wall-clock budget of one execution (operation, async message, read-only request) in ms; past
   * it the execution fails (MASON_VM_WALL_TIME). A node has no such limit (Infinity, the default):
   * hosts that must stay responsive (the devnet) set one.
   */
  maxExecutionMs: number;
}

export const NODE_LIMITS: VmLimits = {
  maxEventSize: NODE_CONSTANTS.maxEventSize,
  maxEventsPerOperation: NODE_CONSTANTS.maxEventsPerOperation,
  maxRecursiveCallsDepth: NODE_CONSTANTS.maxRecursiveCallsDepth,
  maxDatastoreKeyLength: NODE_CONSTANTS.maxDatastoreKeyLength,
  maxDatastoreValueSize: NODE_CONSTANTS.maxDatastoreValueLength,
  maxBytecodeSize: NODE_CONSTANTS.maxBytecodeLength,
  maxFunctionNameLength: NODE_CONSTANTS.maxFunctionNameLength,
  maxParameterSize: NODE_CONSTANTS.maxParameterSize,
  maxDatastoreEntryCount: NODE_CONSTANTS.maxDatastoreEntryCount,
  maxOperationDatastoreEntryCount: NODE_CONSTANTS.maxOperationDatastoreEntries,
  maxReadOnlyGas: NODE_CONSTANTS.maxReadOnlyGas,
  threadCount: NODE_CONSTANTS.threadCount,
  ledgerCostPerByte: NODE_CONSTANTS.ledgerCostPerByte,
  ledgerEntryBaseCost: NODE_CONSTANTS.ledgerEntryBaseCost,
  ledgerEntryDatastoreBaseSize: NODE_CONSTANTS.ledgerEntryDatastoreBaseSize,
  condom: NODE_CONDOM_LIMITS,
  maxExecutionMs: Number.POSITIVE_INFINITY,
};
