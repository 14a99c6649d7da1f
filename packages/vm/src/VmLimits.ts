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
  maxEventSize: 1024,
  maxEventsPerOperation: 25,
  maxRecursiveCallsDepth: 25,
  maxDatastoreKeyLength: 255,
  maxDatastoreValueSize: 10_000_000,
  maxBytecodeSize: 10_000_000,
  maxFunctionNameLength: 255,
  maxParameterSize: 10_000_000,
  maxDatastoreEntryCount: 100_000,
  maxOperationDatastoreEntryCount: 128,
  maxReadOnlyGas: 4_294_967_295n,
  threadCount: 32,
  ledgerCostPerByte: 100_000n,
  ledgerEntryBaseCost: 1_000_000n,
  ledgerEntryDatastoreBaseSize: 4,
  condom: NODE_CONDOM_LIMITS,
  maxExecutionMs: Number.POSITIVE_INFINITY,
};
