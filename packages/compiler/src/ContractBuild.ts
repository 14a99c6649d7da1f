import type { ManifestContract } from '@mason/codec/base';
import type { CompilerWarning } from './errors.js';

export type BuildProgress = { type: 'start'; contract: string } | { type: 'done'; contract: ContractBuild };

export interface ContractBuild {
  name: string;
  /** Absolute paths. */
  source: string;
  wasm: string;
  deployer: string;
  /** `<name>.abi.json`; null when built with `abi: false`. */
  abi: string | null;
  /** `compiled` (asc ran), `bundled` (only the deployer was remade) or `cached` (nothing to do). */
  status: 'compiled' | 'bundled' | 'cached';
  timings: { compileMs: number; bundleMs: number; totalMs: number };
  warnings: CompilerWarning[];
  manifest: ManifestContract;
}
