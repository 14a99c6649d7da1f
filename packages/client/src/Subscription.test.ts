import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filledBlockFixture, headerFixture, SENDER } from '../test/fixtures.js';
import { startTestNode, type TestNode } from '../test/testNode.js';
import { getVersion } from './actions/getVersion.js';
import { subscribeNewBlocks } from './actions/subscribeNewBlocks.js';
import { subscribeNewBlocksHeaders } from './actions/subscribeNewBlocksHeaders.js';
import { subscribeNewFilledBlocks } from './actions/subscribeNewFilledBlocks.js';
import { subscribeNewOperations } from './actions/subscribeNewOperations.js';
import type { Client } from './client.js';
import { createClient } from './createClient.js';
import type { SecureShareBlock } from './types/block.js';
import type { SecureShareOperation } from './types/operation.js';

let node: TestNode;
let client: Client;

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());
afterEach(async () => {
  await client?.close();
  expect(node.violations).toEqual([]);
  node.received.length = 0;
});

function secureShareBlock(period: number): SecureShareBlock {
  const header = headerFixture({ period, thread: 0 });
  return {
    content: { header, operations: [] },
    signature: header.signature,
    content_creator_pub_key: header.content_creator_pub_key,
    content_creator_address: header.content_creator_address,
    id: header.id,
  };
}

const operation: SecureShareOperation = {
  content: { fee: '0.01', expire_period: 109, op: { RollBuy: { roll_count: 1 } } },
  signature: '1D5C',
  content_creator_pub_key: SENDER.publicKey,
  content_creator_address: SENDER.address,
  id: 'O1abc',
};

describe('subscriptions', () => {
  it('deliver notifications in order and unsubscribe on break', async () => {
    client = createClient({ url: node.url, wsUrl: node.wsUrl });
    const subscription = await subscribeNewBlocks(client);
    expect(node.paramsOf('subscribe_new_blocks')).toEqual([[]]);
    expect(subscription.id).toBeTypeOf('number');
    // Sent before anyone reads: buffered.
    expect(node.notify('new_blocks', secureShareBlock(1))).toBe(1);
    expect(node.notify('new_blocks', secureShareBlock(2))).toBe(1);

    const periods: number[] = [];
    for await (const block of subscription) {
      periods.push(block.content.header.content.slot.period);
      if (periods.length === 2) break;
    }
    expect(periods).toEqual([1, 2]);
    expect(node.paramsOf('unsubscribe_new_blocks')).toEqual([[subscription.id]]);
    expect(node.subscriptionCount).toBe(0);
    expect(subscription.closed).toBe(true);
  });

  it('route each notification kind to its own subscription', async () => {
    client = createClient({ url: node.url, wsUrl: node.wsUrl });
    const [headers, filled, operations] = await Promise.all([
      subscribeNewBlocksHeaders(client),
      subscribeNewFilledBlocks(client),
      subscribeNewOperations(client),
    ]);
    node.notify('new_operations', operation);
    node.notify('new_blocks_headers', headerFixture({ period: 7, thread: 3 }));
    node.notify('new_filled_blocks', filledBlockFixture({ period: 8, thread: 1 }, [['O1abc', operation], ['O1def', null]]));

    expect((await operations.next()).value).toEqual(operation);
    expect((await headers.next()).value?.content.slot).toEqual({ period: 7, thread: 3 });
    const block = (await filled.next()).value;
    expect(block?.operations).toEqual([['O1abc', operation], ['O1def', null]]);

    expect(await headers.unsubscribe()).toBe(true);
    expect(await filled.unsubscribe()).toBe(true);
    expect(await operations.return()).toEqual({ done: true, value: undefined });
    expect(node.paramsOf('unsubscribe_new_blocks_headers')).toEqual([[headers.id]]);
    expect(node.paramsOf('unsubscribe_new_filled_blocks')).toEqual([[filled.id]]);
    expect(node.paramsOf('unsubscribe_new_operations')).toEqual([[operations.id]]);
    expect(await headers.unsubscribe()).toBe(true); // idempotent: same answer, sent once
    expect(node.count('unsubscribe_new_blocks_headers')).toBe(1);
    expect(await headers.next()).toEqual({ done: true, value: undefined });
  });

  it('a socket closed by the node ends iteration with MASON_CLIENT_WS_CLOSED; the next call reconnects', async () => {
    client = createClient({ url: node.url, wsUrl: node.wsUrl });
    const subscription = await subscribeNewOperations(client);
    const reading = (async () => {
      const seen: string[] = [];
      for await (const op of subscription) seen.push(op.id);
      return seen;
    })();
    node.notify('new_operations', operation);
    await new Promise((r) => setTimeout(r, 20));
    node.dropWebSockets(1011);
    const error = await reading.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_WS_CLOSED', context: { url: node.wsUrl, code: 1011, reason: 'test drop' } });
    expect(subscription.closed).toBe(true);

    expect(await getVersion(client)).toBe('SAND.5.0');
  });

  it('client.close() ends iteration without error', async () => {
    client = createClient({ url: node.url, wsUrl: node.wsUrl });
    const subscription = await subscribeNewBlocks(client);
    const next = subscription.next();
    await client.close();
    expect(await next).toEqual({ done: true, value: undefined });
    await expect(subscribeNewBlocks(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_CLOSED' });
  });

  it('a slow reader overflows its buffer and gets an error after the buffered values', async () => {
    client = createClient({ url: node.url, wsUrl: node.wsUrl, subscriptionBufferSize: 2 });
    const subscription = await subscribeNewBlocks(client);
    for (const period of [1, 2, 3]) node.notify('new_blocks', secureShareBlock(period));
    await new Promise((r) => setTimeout(r, 30));
    expect((await subscription.next()).value?.content.header.content.slot.period).toBe(1);
    expect((await subscription.next()).value?.content.header.content.slot.period).toBe(2);
    await expect(subscription.next()).rejects.toMatchObject({
      code: 'MASON_CLIENT_SUBSCRIPTION_OVERFLOW',
      context: { method: 'subscribe_new_blocks', bufferSize: 2 },
    });
    expect(await subscription.next()).toEqual({ done: true, value: undefined });
    await new Promise((r) => setTimeout(r, 20));
    expect(node.count('unsubscribe_new_blocks')).toBe(1);
  });

  it('need a wsUrl', async () => {
    client = createClient({ url: node.url, apiUrl: node.apiUrl });
    await expect(subscribeNewBlocks(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_WS_URL_MISSING' });
  });

  it('report a refused WebSocket connection with the same hint', async () => {
    const closedNode = await startTestNode();
    const wsUrl = closedNode.wsUrl;
    await closedNode.close();
    client = createClient({ url: node.url, wsUrl });
    const error = await subscribeNewBlocks(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_CONNECTION_REFUSED', context: { url: wsUrl } });
    expect((error as Error).message).toContain('npx mason node');
  });

  it('a subscribe call the node never answers times out', async () => {
    client = createClient({ url: node.url, wsUrl: node.wsUrl, timeoutMs: 40 });
    node.fault('subscribe_new_blocks', { hang: true });
    await expect(subscribeNewBlocks(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_TIMEOUT' });
  });
});
