import type { Client, RequestOptions } from '../client.js';
import type { AddressDatastoreKeysRequest, AddressDatastoreKeysResponse } from '@mason/codec';

/** `get_addresses_datastore_keys`: datastore keys by prefix/range (≤ 50 requests, ≤ 500 keys each). */
export function getAddressesDatastoreKeys(
  client: Client,
  requests: readonly AddressDatastoreKeysRequest[],
  options?: RequestOptions,
): Promise<AddressDatastoreKeysResponse[]> {
  return client.request<AddressDatastoreKeysResponse[]>('get_addresses_datastore_keys', [requests], options);
}
