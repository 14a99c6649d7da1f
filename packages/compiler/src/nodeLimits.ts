/**
 * What a Massa node (MAIN.5.0, massa-sc-runtime "Main 2.6") refuses or cannot execute
 * (reference §5.1, §7.2): the runtime's memory cap and the condom middleware's module limits.
 */
export const NODE_LIMITS = {
  maxMemoryPages: 64,
  maxCustomSections: 1,
  maxCustomSectionSize: 1_000_000,
  maxExports: 1024,
  maxFunctions: 768,
  maxSignatureLength: 72,
  maxImports: 257,
  maxTableInitializers: 512,
  maxPassiveElements: 512,
  maxPassiveData: 512,
  maxGlobals: 512,
  maxTables: 16,
  maxMemories: 1,
  maxBytecodeLength: 10_000_000,
  /** An operation larger than a block can never be included. */
  maxBlockSize: 300_000,
  /** Mason's own: the largest contract a bundled deployer carries (its copy must fit in 4 MiB with the heap). */
  maxEmbeddedContract: 3 * 1024 * 1024,
  /** The node looks these up to pass parameters and read results. */
  requiredExports: ['memory', '__new', '__pin', '__unpin', '__collect'],
} as const;
