import type { Client, SubscribeOptions } from '../client.js';
import type { Subscription } from '../Subscription.js';
import type { SecureShareOperation } from '@mason/codec';

/** `subscribe_new_operations` (WebSocket): every operation added to the node's pool. */
export function subscribeNewOperations(client: Client, options?: SubscribeOptions): Promise<Subscription<SecureShareOperation>> {
  return client.subscribe<SecureShareOperation>(
    { subscribe: 'subscribe_new_operations', unsubscribe: 'unsubscribe_new_operations', notification: 'new_operations' },
    options,
  );
}
