import { Account, ClientError, createClient, READ_ONLY_DEFAULT_CALLER, type Client } from '@mason/client';
import { devnetAccountKey } from '@mason/devnet';
import { CliError } from './errors.js';

export interface Network {
  name: string;
  url: string;
  wsUrl?: string;
  isLocal: boolean;
}

const PUBLIC_NODES: Record<string, string> = {
  buildnet: 'https://buildnet.massa.net/api/v2',
  mainnet: 'https://mainnet.massa.net/api/v2',
};

/** `local` (the devnet of `mason node`), `buildnet`, `mainnet`, or a node's URL. */
export function resolveNetwork(name = 'local'): Network {
  if (name === 'local') {
    const url = process.env.MASON_NODE_URL ?? 'http://127.0.0.1:33035';
    const wsUrl = process.env.MASON_NODE_WS_URL ?? (process.env.MASON_NODE_URL ? undefined : 'ws://127.0.0.1:33036');
    return { name, url, ...(wsUrl && { wsUrl }), isLocal: true };
  }
  const publicUrl = PUBLIC_NODES[name];
  if (publicUrl) return { name, url: publicUrl, isLocal: false };
  if (/^https?:\/\//.test(name)) return { name: new URL(name).host, url: name, isLocal: false };
  throw new CliError('MASON_CLI_UNKNOWN_NETWORK', { name });
}

export function clientFor(network: Network): Client {
  return createClient({ url: network.url, ...(network.wsUrl && { wsUrl: network.wsUrl }) });
}

/**
 * PRIVATE_KEY from the environment or .env; on the local devnet, its publicly known account 0
 * when none is set. Never printed.
 */
export function accountFor(network: Network): Account {
  try {
    return Account.fromEnv();
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
