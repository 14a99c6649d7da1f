import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAddressesBytecode, type Client } from '@mason/client';
import { parseAbi, parseManifest, type Abi } from '@mason/codec/base';
import { findProjectRoot } from './project.js';

export interface FoundAbi {
  abi: Abi;
  /** The build's contract name. */
  name: string;
}

/**
 * The ABI `mason build` wrote for the contract deployed at `address`: the build of this project
 * whose module is the contract's bytecode (so an address works as well as a name), else the
 * contract built under the name it was deployed as. Null outside a project or without a build.
 */
export async function findContractAbi(client: Client, address: string, name: string | undefined): Promise<FoundAbi | null> {
  const root = findProjectRoot();
  const manifestPath = root ? join(root, 'build', 'manifest.json') : null;
  if (!manifestPath || !existsSync(manifestPath)) return null;
  const manifest = parseManifest(readFileSync(manifestPath, 'utf8'));
  const [bytecode] = await getAddressesBytecode(client, [{ address, is_final: false }]);
  const digest = bytecode ? createHash('sha256').update(Uint8Array.from(bytecode)).digest('hex') : null;
  const entries = Object.entries(manifest.contracts);
  const match = entries.find(([, contract]) => contract.wasm.sha256 === digest) ?? entries.find(([built]) => built === name);
  const file = match?.[1].abi;
  if (!file) return null;
  const abiPath = join(root!, 'build', file.path);
  if (!existsSync(abiPath)) return null;
  return { abi: parseAbi(readFileSync(abiPath, 'utf8')), name: match![0] };
}
