import { existsSync } from 'node:fs';
import { Account, ClientError, createClient, READ_ONLY_DEFAULT_CALLER, type Client } from '@mason/client';
import { devnetAccountKey } from '@mason/devnet';
import { CliError } from './errors.js';
import { nearestName } from './nearestName.js';
import { isLoopbackUrl } from './noNode.js';
import { findAccount } from './keystore/accountStore.js';
import { keystoreFolders } from './keystore/keystoreFolders.js';
import type { PasswordSource } from './keystore/readPassword.js';
import { unlockAccount } from './keystore/unlockAccount.js';
import { findProjectRoot } from './project.js';
import { envFilePath, envSetting } from './projectEnv.js';

export interface Network {
  /** What deployment records are named after: `local`, `buildnet`, `mainnet`, or the host of a remote node's URL. */
  name: string;
  url: string;
  wsUrl?: string;
  isLocal: boolean;
}

const PUBLIC_NODES: Record<string, string> = {
  buildnet: 'https://buildnet.massa.net/api/v2',
  mainnet: 'https://mainnet.massa.net/api/v2',
};

export const NETWORK_NAMES: readonly string[] = ['local', ...Object.keys(PUBLIC_NODES)];

/**
 * `local` (the devnet of `mason node`, or MASON_NODE_URL/MASON_NODE_WS_URL from the environment
 * or .env), `buildnet`, `mainnet`, or a node's URL. A URL on this machine is the local network
 * too (a node on other ports): its deployments are recorded and found under `local`, whichever
 * way it was named.
 */
export function resolveNetwork(name = 'local'): Network {
  if (name === 'local') {
    const nodeUrl = envSetting('MASON_NODE_URL');
    const url = nodeUrl ?? 'http://127.0.0.1:33035';
    const wsUrl = envSetting('MASON_NODE_WS_URL') ?? (nodeUrl ? undefined : 'ws://127.0.0.1:33036');
    return { name, url, ...(wsUrl && { wsUrl }), isLocal: true };
  }
  const publicUrl = PUBLIC_NODES[name];
  if (publicUrl) return { name, url: publicUrl, isLocal: false };
  if (/^https?:\/\//.test(name)) {
    if (isLoopbackUrl(name)) return { name: 'local', url: name, isLocal: true };
    return { name: new URL(name).host, url: name, isLocal: false };
  }
  const nearest = nearestName(name, NETWORK_NAMES);
  throw new CliError('MASON_CLI_UNKNOWN_NETWORK', { name, suggestion: nearest ? ` (did you mean ${nearest}?)` : '' });
}

export function clientFor(network: Network): Client {
  return createClient({ url: network.url, ...(network.wsUrl && { wsUrl: network.wsUrl }) });
}

/**
 * PRIVATE_KEY from the environment or .env; on the local devnet, its publicly known account 0
 * when none is set. Never printed.
 */
export function accountFor(network: Network): Account {
  const path = envFilePath();
  try {
    return Account.fromEnv(existsSync(path) ? { path } : {});
  } catch (error) {
    if (network.isLocal && error instanceof ClientError && error.code === 'MASON_CLIENT_SECRET_KEY_MISSING') {
      return Account.fromSecretKey(devnetAccountKey(0));
    }
    throw error;
  }
}

/**
 * The caller of a read-only call when none is named: no secret key is read. On the local devnet,
 * its pre-funded account 0 (so `--coins` works); elsewhere massa-web3's stand-in address.
 */
export function defaultReadCaller(network: Network): string {
  return network.isLocal ? devnetAccountKey(0).publicKey.address().toString() : READ_ONLY_DEFAULT_CALLER;
}

export interface SignerOptions extends PasswordSource {
  /** --account: a `mason account` name; MASON_ACCOUNT (environment or .env) when not given. */
  account?: string;
}

/**
 * Who signs: the named encrypted account (--account, else MASON_ACCOUNT), unlocked with its
 * password; else PRIVATE_KEY (accountFor). Never printed.
 */
export async function signerFor(network: Network, options: SignerOptions = {}): Promise<Account> {
  const name = options.account ?? envSetting('MASON_ACCOUNT');
  if (name === undefined) return accountFor(network);
  const stored = findAccount(keystoreFolders(findProjectRoot() ?? undefined), name);
  return unlockAccount(stored, options.passwordFile !== undefined ? { passwordFile: options.passwordFile } : {});
}
