import type { Client, SubscribeOptions } from '../client.js';
import type { Subscription } from '../Subscription.js';
import type { SecuredHeader } from '@mason/codec';

/** `subscribe_new_blocks_headers` (WebSocket): the signed header of every new block. */
export function subscribeNewBlocksHeaders(client: Client, options?: SubscribeOptions): Promise<Subscription<SecuredHeader>> {
  return client.subscribe<SecuredHeader>(
    {
      subscribe: 'subscribe_new_blocks_headers',
      unsubscribe: 'unsubscribe_new_blocks_headers',
      notification: 'new_blocks_headers',
    },
    options,
  );
}
