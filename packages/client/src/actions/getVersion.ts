import type { Client, RequestOptions } from '../client.js';

/** `get_version` (API port): the node's version string, e.g. "MAIN.5.0". */
export function getVersion(client: Client, options?: RequestOptions): Promise<string> {
  return client.requestApi<string>('get_version', [], options);
}
