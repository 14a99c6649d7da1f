/**
 * The constants of a Massa node (MAIN.5.0: massa-models config, massa-node main.rs, the runtime's
 * condom limits; reference §5.1, §6, §7.2), in one place: every package reads them from here.
 */
export const NODE_CONSTANTS = {
  threadCount: 32,
  operationValidityPeriods: 10,
  maxBlockSize: 300_000,
  maxOperationsPerBlock: 5_000,
  /** u32::MAX: the block gas of all a block's operations together. */
  maxGasPerBlock: 4_294_967_295n,
  /** Block gas of every operation, on top of its max_gas. */
  baseOperationGasCost: 800_000n,
  /** ExecuteSC's Singlepass compilation (`sp_compilation`), charged to block gas on top of max_gas. */
  spCompilationGasCost: 314_000_000n,
  /** `max_instance`: the least gas that loads a module (web3 MIN_GAS_CALL). */
  maxInstanceGasCost: 2_100_000n,
  maxReadOnlyGas: 4_294_967_295n,
  /** Gas of asynchronous messages per slot, and the constant part of each one's cost. */
  maxAsyncGas: 1_000_000_000n,
  asyncMessageGasCost: 1_000_000n,
  /** nanoMAS per stored byte (0.0001 MAS). */
  ledgerCostPerByte: 100_000n,
  /** nanoMAS to create a ledger entry (0.001 MAS). */
  ledgerEntryBaseCost: 1_000_000n,
  /** Bytes charged per datastore entry on top of its key and value. */
  ledgerEntryDatastoreBaseSize: 4,
  maxDatastoreKeyLength: 255,
  maxDatastoreValueLength: 10_000_000,
  /** Runtime cap on the keys a contract can list at once. */
  maxDatastoreEntryCount: 100_000,
  maxBytecodeLength: 10_000_000,
  maxFunctionNameLength: 255,
  maxParameterSize: 10_000_000,
  maxOperationDatastoreEntries: 128,
  maxOperationDatastoreKeyLength: 255,
  maxOperationDatastoreValueLength: 500_000,
  maxEventSize: 1024,
  maxEventsPerOperation: 25,
  maxRecursiveCallsDepth: 25,
  /** The runtime's memory cap: 64 pages of 64 KiB. */
  maxMemoryPages: 64,
} as const;

/** Structural limits a node imposes on a module before compiling it (`CondomLimits` of massa-node main.rs). */
export const NODE_CONDOM_LIMITS = {
  maxExports: 1024,
  maxFunctions: 768,
  maxSignatureLength: 72,
  maxModuleNameLength: 256,
  maxImports: 257,
  maxTableInitializers: 512,
  maxPassiveElements: 512,
  maxPassiveData: 512,
  maxGlobalInitializers: 512,
  maxFunctionNameLength: 256,
  maxTables: 16,
  maxMemories: 1,
  maxGlobals: 512,
  maxCustomSections: 1,
  maxCustomSectionSize: 1_000_000,
} as const;

/** The least max_gas of a CallSC or a read-only call (web3 MIN_GAS_CALL). */
export const MIN_GAS_CALL = NODE_CONSTANTS.maxInstanceGasCost;
/** The largest max_gas of a CallSC a block can include: 4,294,167,295 (web3 MAX_GAS_CALL). */
export const MAX_GAS_CALL = NODE_CONSTANTS.maxGasPerBlock - NODE_CONSTANTS.baseOperationGasCost;
/** The largest max_gas of an ExecuteSC a block can include: 3,980,167,295 (web3 MAX_GAS_EXECUTE). */
export const MAX_GAS_EXECUTE = MAX_GAS_CALL - NODE_CONSTANTS.spCompilationGasCost;
