import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodecError, type Manifest, parseManifest } from '@mason/codec';
import { deployContract, type DeployParams, type DeployResult } from './deployContract.js';
import { DeployError } from './errors.js';

export type DeployFromBuildParams = Omit<DeployParams, 'deployer' | 'contractBytecode' | 'deployerCarriesContract'> & {
  /** Where `mason build` wrote the contracts (default `<root>/build`). */
  outDir?: string;
};

/** Deploys a contract `mason build` produced, by its name in build/manifest.json. */
export async function deployFromBuild(params: DeployFromBuildParams): Promise<DeployResult> {
  const outDir = params.outDir ?? join(params.root, 'build');
  return deployContract({ ...params, ...readBuiltContract(outDir, params.contract), deployerCarriesContract: true });
}

/** The bytecode `mason build` wrote for `contract`: its bundled deployer and the contract itself (MASON_DEPLOY_NOT_BUILT when there is none). */
export function readBuiltContract(outDir: string, contract: string): { deployer: Uint8Array; contractBytecode: Uint8Array } {
  const entry = builtEntry(readBuild(outDir, contract), contract);
  return {
    deployer: new Uint8Array(readFileSync(join(outDir, entry.deployer.path))),
    contractBytecode: new Uint8Array(readFileSync(join(outDir, entry.wasm.path))),
  };
}

/** The manifest's entry of `contract`, or MASON_DEPLOY_NOT_BUILT naming the contracts the build has. */
export function builtEntry(manifest: Manifest, contract: string): Manifest['contracts'][string] {
  const entry = Object.hasOwn(manifest.contracts, contract) ? manifest.contracts[contract] : undefined;
  if (!entry) throw new DeployError('MASON_DEPLOY_NOT_BUILT', { contract, available: Object.keys(manifest.contracts).join(', ') || 'none' });
  return entry;
}

/** The build's manifest (codec's format: no compiler is loaded to read it); a missing or invalid one is "not built". */
export function readBuild(outDir: string, contract: string): Manifest {
  let text: string;
  try {
    text = readFileSync(join(outDir, 'manifest.json'), 'utf8');
  } catch {
    throw new DeployError('MASON_DEPLOY_NOT_BUILT', { contract, available: 'none (no build/manifest.json)' });
  }
  try {
    return parseManifest(text);
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    throw new DeployError('MASON_DEPLOY_NOT_BUILT', { contract, available: `none (build/manifest.json is not valid: ${error.shortMessage})` });
  }
}
