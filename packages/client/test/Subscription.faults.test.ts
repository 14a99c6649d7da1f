import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './testNode.js';
import { getVersion } from '../src/actions/getVersion.js';
import { subscribeNewBlocks } from '../src/actions/subscribeNewBlocks.js';
import { subscribeNewOperations } from '../src/actions/subscribeNewOperations.js';
import type { Client } from '../src/client.js';
import { createClient } from '../src/createClient.js';

// WebSocket faults a real devnet never causes (test/testNode.ts): the server closing the socket,
// and a subscribe call left unanswered. Subscriptions themselves are tested on the devnet in
// Subscription.test.ts.

let node: TestNode;
let client: Client | undefined;

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());
afterEach(async () => {
  await client?.close();
  client = undefined;
  node.received.length = 0;
});

describe('subscriptions', () => {
  it('a socket closed by the node ends iteration with MASON_CLIENT_WS_CLOSED; the next call reconnects', async () => {
    client = createClient({ url: node.url, wsUrl: node.wsUrl });
    const subscription = await subscribeNewOperations(client);
    const reading = (async () => {
      const seen: string[] = [];
      for await (const op of subscription) seen.push(op.id);
      return seen;
    })();
    expect(node.notify('new_operations', { id: 'O1abc' })).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    node.dropWebSockets(1011);
    const error = await reading.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_WS_CLOSED', context: { url: node.wsUrl, code: 1011, reason: 'test drop' } });
    expect(subscription.closed).toBe(true);

    expect(await getVersion(client)).toBe('SAND.5.0');
    expect(node.received.at(-1)).toEqual({ port: 'ws', method: 'get_version', params: [] });
  });

  it('a subscribe call the node never answers times out', async () => {
    client = createClient({ url: node.url, wsUrl: node.wsUrl, timeoutMs: 40 });
    node.fault('subscribe_new_blocks', { hang: true });
    await expect(subscribeNewBlocks(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_TIMEOUT' });
  });
});
