import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, getStatus, type Client } from '@mason/client';
import { parseAbi, type Manifest } from '@mason/codec/base';
import type { Network } from './network.js';

/** What became of the ABI after a deploy: registered on the devnet, or why not. */
export type AbiRegistration =
  | { registered: true }
  | { registered: false; reason: 'not a Mason devnet' | 'no ABI in the build' | 'remote devnet' | `refused: ${string}` };

/**
 * Registers the deployed contract's ABI (`build/<name>.abi.json`) on a Mason devnet, so that
 * `mason op`, `mason trace` and the explorer show its calls' values. A Massa node (no `mason`
 * extension in get_status) is left alone. Never fails the deploy: the reason is returned.
 */
export async function registerDeployedAbi(
  client: Client,
  network: Network,
  root: string,
  manifest: Manifest,
  name: string,
  address: string,
): Promise<AbiRegistration> {
  const [registration] = await registerDeployedAbis(client, network, root, manifest, [{ name, address }]);
  return registration!;
}

/** registerDeployedAbi for several contracts (a deployment script's): one registration each, in order. */
export async function registerDeployedAbis(
  client: Client,
  network: Network,
  root: string,
  manifest: Manifest,
  contracts: ReadonlyArray<{ name: string; address: string }>,
): Promise<AbiRegistration[]> {
  const status = (await getStatus(client)) as { mason?: { devnet?: boolean; private_port?: number } };
  const port = status.mason?.private_port;
  const none = (reason: Exclude<AbiRegistration, { registered: true }>['reason']) => contracts.map((): AbiRegistration => ({ registered: false, reason }));
  if (status.mason?.devnet !== true || typeof port !== 'number') return none('not a Mason devnet');
  // The private port listens on the devnet's own machine only.
  if (!network.isLocal) return none('remote devnet');
  const privateClient = createClient({ url: `http://127.0.0.1:${port}` });
  try {
    const registrations: AbiRegistration[] = [];
    for (const { name, address } of contracts) {
      const file = manifest.contracts[name]?.abi;
      const path = file ? join(root, 'build', file.path) : null;
      if (!path || !existsSync(path)) {
        registrations.push({ registered: false, reason: 'no ABI in the build' });
        continue;
      }
      const abi = parseAbi(readFileSync(path, 'utf8'));
      registrations.push(
        await privateClient.request('mason_register_abi', [address, abi]).then(
          (): AbiRegistration => ({ registered: true }),
          (error: unknown): AbiRegistration => ({ registered: false, reason: `refused: ${(error as Error).message}` }),
        ),
      );
    }
    return registrations;
  } finally {
    await privateClient.close();
  }
}
