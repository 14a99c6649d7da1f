import { NODE_CONSTANTS } from '@mason/codec/base';

/**
 * What a Massa node (MAIN.5.0, massa-sc-runtime "Main 2.6") refuses or cannot execute beyond the
 * module rules of `@mason/wasm` (features and condom limits, reference §5.1, §7.2).
 */
export const NODE_LIMITS = {
  maxMemoryPages: NODE_CONSTANTS.maxMemoryPages,
  maxBytecodeLength: NODE_CONSTANTS.maxBytecodeLength,
  /** An operation larger than a block can never be included. */
  maxBlockSize: NODE_CONSTANTS.maxBlockSize,
  /** Mason's own: the largest contract a bundled deployer carries (its copy must fit in 4 MiB with the heap). */
  maxEmbeddedContract: 3 * 1024 * 1024,
  /** The node looks these up to pass parameters and read results. */
  requiredExports: ['memory', '__new', '__pin', '__unpin', '__collect'],
} as const;
