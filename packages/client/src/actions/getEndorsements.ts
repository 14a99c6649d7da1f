import type { Client, RequestOptions } from '../client.js';
import type { EndorsementInfo } from '@mason/codec';

/** `get_endorsements`: endorsements by id (≤ 128); unknown ids are left out of the result. */
export function getEndorsements(client: Client, endorsementIds: readonly string[], options?: RequestOptions): Promise<EndorsementInfo[]> {
  return client.request<EndorsementInfo[]>('get_endorsements', [endorsementIds], options);
}
