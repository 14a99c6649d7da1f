import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest } from '@mason/compiler';
import { deployContract, type DeployParams, type DeployResult } from './deployContract.js';
import { DeployError } from './errors.js';

export type DeployFromBuildParams = Omit<DeployParams, 'deployer' | 'contractBytecode' | 'deployerCarriesContract'> & {
  /** Where `mason build` wrote the contracts (default `<root>/build`). */
  outDir?: string;
};

/** Deploys a contract `mason build` produced, by its name in build/manifest.json. */
export async function deployFromBuild(params: DeployFromBuildParams): Promise<DeployResult> {
  const outDir = params.outDir ?? join(params.root, 'build');
  const manifest = readManifest(outDir);
  const entry = manifest?.contracts[params.contract];
  if (!manifest || !entry) {
    throw new DeployError('MASON_DEPLOY_NOT_BUILT', {
      contract: params.contract,
      available: manifest ? Object.keys(manifest.contracts).join(', ') || 'none' : 'none (no build/manifest.json)',
    });
  }
  return deployContract({
    ...params,
    deployer: new Uint8Array(readFileSync(join(outDir, entry.deployer.path))),
    contractBytecode: new Uint8Array(readFileSync(join(outDir, entry.wasm.path))),
    deployerCarriesContract: true,
  });
}
