import type { Client } from '../client.js';
import { getStatus } from './getStatus.js';

/** The node's chain id from `get_status`, fetched once per client. */
export function getChainId(client: Client): Promise<bigint> {
  const cached = client.cache.chainId;
  if (cached) return cached;
  const chainId = getStatus(client).then((status) => BigInt(status.chain_id));
  client.cache.chainId = chainId;
  // A failed lookup is not cached, so the next call asks again.
  chainId.catch(() => {
    if (client.cache.chainId === chainId) delete client.cache.chainId;
  });
  return chainId;
}
