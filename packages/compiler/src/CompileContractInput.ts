import type { ProjectTransform } from './projectAsconfig.js';

export interface CompileContractInput {
  root: string;
  /** Contract name, for messages. */
  name: string;
  /** Absolute path of the entry file. */
  file: string;
  /** Absolute path of the .wasm to produce (asc puts its name in the source map URL). */
  wasmPath: string;
  sdkDir: string;
  paths: readonly string[];
  sourceMap: boolean;
  /** Infer the contract's ABI from the trees of this compile (default true). */
  abi?: boolean;
  /** Transforms the project's asconfig.json names, and the asc arguments of the options it passes through. */
  transforms?: readonly ProjectTransform[];
  asconfigArgs?: readonly string[];
}
