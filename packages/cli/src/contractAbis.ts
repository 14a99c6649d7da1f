import type { Client } from '@mason/client';
import { parseAbi, type Abi } from '@mason/codec/base';
import { findContractAbi } from './contractAbi.js';
import type { Network } from './network.js';
import { isMethodNotFound } from './isMethodNotFound.js';
import { traceNames } from './traceNames.js';

/**
 * The ABIs of `addresses`: those the devnet keeps (`mason_get_abis`, registered by `mason deploy`),
 * else those of this project's build (`build/<name>.abi.json`). Addresses with neither are absent.
 */
export async function contractAbis(client: Client, network: Network, addresses: Iterable<string>): Promise<Map<string, Abi>> {
  const wanted = [...new Set(addresses)].filter((address) => address.startsWith('AS'));
  const found = new Map<string, Abi>();
  if (wanted.length === 0) return found;
  try {
    const registered = await client.request<Array<unknown | null>>('mason_get_abis', [wanted.slice(0, 128)]);
    registered.forEach((abi, index) => {
      if (abi !== null) found.set(wanted[index]!, parseAbi(JSON.stringify(abi)));
    });
  } catch (error) {
    // A Massa node (or an older devnet) keeps none: the project's build may still know them.
    if (!isMethodNotFound(error)) throw error;
  }
  const names = traceNames(network);
  for (const address of wanted) {
    if (found.has(address)) continue;
    const local = await findContractAbi(client, address, names.get(address));
    if (local) found.set(address, local.abi);
  }
  return found;
}
