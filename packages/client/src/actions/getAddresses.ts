import type { Client, RequestOptions } from '../client.js';
import type { AddressInfo } from '@mason/codec';
import type { AddressLike } from '../types/addressLike.js';

/** `get_addresses`: balances, rolls, datastore keys and activity of each address, in input order. */
export function getAddresses(client: Client, addresses: readonly AddressLike[], options?: RequestOptions): Promise<AddressInfo[]> {
  return client.request<AddressInfo[]>('get_addresses', [addresses.map(String)], options);
}
