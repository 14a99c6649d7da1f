import { NODE_CONDOM_LIMITS as CODEC_CONDOM_LIMITS, NODE_CONSTANTS } from '@mason/codec/base';

/** Structural limits a Massa node imposes on modules before compiling them (`CondomLimits`). */
export interface CondomLimits {
  maxExports: number;
  maxFunctions: number;
  maxSignatureLength: number;
  maxModuleNameLength: number;
  maxImports: number;
  maxTableInitializers: number;
  maxPassiveElements: number;
  maxPassiveData: number;
  maxGlobalInitializers: number;
  maxFunctionNameLength: number;
  maxTables: number;
  maxMemories: number;
  maxGlobals: number;
  maxCustomSections: number;
  maxCustomSectionSize: number;
}

/** The values of `massa-node/src/main.rs` (MAIN.5.0). */
export const NODE_CONDOM_LIMITS: CondomLimits = { ...CODEC_CONDOM_LIMITS };

/** Memory cap of the runtime's tunables: 64 pages of 64 KiB. */
export const MAX_MEMORY_PAGES = NODE_CONSTANTS.maxMemoryPages;
