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
export const NODE_CONDOM_LIMITS: CondomLimits = {
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
};

/** Memory cap of the runtime's tunables: 64 pages of 64 KiB. */
export const MAX_MEMORY_PAGES = 64;
