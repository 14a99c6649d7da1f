import { parseMas } from '@mason/codec';
import type { Client, RequestOptions } from '../client.js';
import { ClientError } from '../errors.js';
import type { AddressLike } from '../types/addressLike.js';
import { getAddresses } from './getAddresses.js';

/**
 * The balance of an address in nanoMAS. `final: true` (default, as massa-web3) reads the final
 * ledger; `final: false` includes the effects of executed but not yet final operations.
 */
export async function getBalance(client: Client, address: AddressLike, options: RequestOptions & { final?: boolean } = {}): Promise<bigint> {
  const { final, ...requestOptions } = options;
  const [info] = await getAddresses(client, [address], requestOptions);
  if (!info) {
    throw new ClientError('MASON_CLIENT_INVALID_RESPONSE', {
      url: client.url,
      method: 'get_addresses',
      reason: `no entry for ${String(address)}`,
    });
  }
  return parseMas(final === false ? info.candidate_balance : info.final_balance);
}
