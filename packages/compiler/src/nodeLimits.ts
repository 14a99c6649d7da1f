import { NODE_CONDOM_LIMITS, NODE_CONSTANTS } from '@mason/codec';

/**
 * What a Massa node (MAIN.5.0, massa-sc-runtime "Main 2.6") refuses or cannot execute
 * (reference §5.1, §7.2): the runtime's memory cap and the condom middleware's module limits.
 */
export const NODE_LIMITS = {
  maxMemoryPages: NODE_CONSTANTS.maxMemoryPages,
  maxCustomSections: NODE_CONDOM_LIMITS.maxCustomSections,
  maxCustomSectionSize: NODE_CONDOM_LIMITS.maxCustomSectionSize,
  maxExports: NODE_CONDOM_LIMITS.maxExports,
  maxFunctions: NODE_CONDOM_LIMITS.maxFunctions,
  maxSignatureLength: NODE_CONDOM_LIMITS.maxSignatureLength,
  maxImports: NODE_CONDOM_LIMITS.maxImports,
  maxTableInitializers: NODE_CONDOM_LIMITS.maxTableInitializers,
  maxPassiveElements: NODE_CONDOM_LIMITS.maxPassiveElements,
  maxPassiveData: NODE_CONDOM_LIMITS.maxPassiveData,
  maxGlobals: NODE_CONDOM_LIMITS.maxGlobals,
  maxTables: NODE_CONDOM_LIMITS.maxTables,
  maxMemories: NODE_CONDOM_LIMITS.maxMemories,
  maxBytecodeLength: NODE_CONSTANTS.maxBytecodeLength,
  /** An operation larger than a block can never be included. */
  maxBlockSize: NODE_CONSTANTS.maxBlockSize,
  /** Mason's own: the largest contract a bundled deployer carries (its copy must fit in 4 MiB with the heap). */
  maxEmbeddedContract: 3 * 1024 * 1024,
  /** The node looks these up to pass parameters and read results. */
  requiredExports: ['memory', '__new', '__pin', '__unpin', '__collect'],
} as const;
