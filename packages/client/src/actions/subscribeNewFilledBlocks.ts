import type { Client, SubscribeOptions } from '../client.js';
import type { Subscription } from '../Subscription.js';
import type { FilledBlock } from '@mason/codec';

/** `subscribe_new_filled_blocks` (WebSocket): every new block with its operations. */
export function subscribeNewFilledBlocks(client: Client, options?: SubscribeOptions): Promise<Subscription<FilledBlock>> {
  return client.subscribe<FilledBlock>(
    {
      subscribe: 'subscribe_new_filled_blocks',
      unsubscribe: 'unsubscribe_new_filled_blocks',
      notification: 'new_filled_blocks',
    },
    options,
  );
}
