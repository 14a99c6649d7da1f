import type { Client, RequestOptions } from '../client.js';
import type { AddressBytecodeFilter } from '@mason/codec';

/** `get_addresses_bytecode`: the bytecode of each address (≤ 128), as byte arrays. */
export function getAddressesBytecode(client: Client, filters: readonly AddressBytecodeFilter[], options?: RequestOptions): Promise<number[][]> {
  return client.request<number[][]>('get_addresses_bytecode', [filters], options);
}
