import type { Client, SubscribeOptions } from '../client.js';
import type { Subscription } from '../Subscription.js';
import type { SecureShareBlock } from '@mason/codec';

/** `subscribe_new_blocks` (WebSocket): every block integrated into the graph. */
export function subscribeNewBlocks(client: Client, options?: SubscribeOptions): Promise<Subscription<SecureShareBlock>> {
  return client.subscribe<SecureShareBlock>({ subscribe: 'subscribe_new_blocks', unsubscribe: 'unsubscribe_new_blocks', notification: 'new_blocks' }, options);
}
