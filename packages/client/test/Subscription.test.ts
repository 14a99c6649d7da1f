import { nodeOf } from '@mason/devnet/internal';
import { compareSlots } from '@mason/codec';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from './closedPort.js';
import { type Devnet, eventually, finalityAfter, startTestDevnet } from './devnet.js';
import { Wire } from './wire.js';
import { Account } from '../src/account/Account.js';
import { getOperations } from '../src/actions/getOperations.js';
import { subscribeNewBlocks } from '../src/actions/subscribeNewBlocks.js';
import { subscribeNewBlocksHeaders } from '../src/actions/subscribeNewBlocksHeaders.js';
import { subscribeNewFilledBlocks } from '../src/actions/subscribeNewFilledBlocks.js';
import { subscribeNewOperations } from '../src/actions/subscribeNewOperations.js';
import type { Client } from '../src/client.js';
import { createClient } from '../src/createClient.js';
import type { Operation } from '../src/operations/Operation.js';
import { transfer } from '../src/operations/transfer.js';

// Subscriptions over the devnet's WebSocket (API port): real blocks and pool entries, and the
// unsubscribe calls the node received and answered.

let devnet: Devnet;
let wire: Wire;
let client: Client | undefined;
/** Block ids the devnet produced since the test started, in order. */
let produced: string[] = [];
const onBlock = (block: { id: string }) => produced.push(block.id);
let amount = 1n;

beforeAll(async () => {
  // Finality 4 blocks after a block with operations: one transfer makes 5 blocks.
  devnet = await startTestDevnet({ deltaF0: finalityAfter(4), instant: false });
  nodeOf(devnet).on('block', onBlock);
  wire = new Wire();
});
afterAll(async () => {
  wire?.dispose();
  if (devnet) nodeOf(devnet).off('block', onBlock);
  await devnet?.stop();
});
beforeEach(async () => {
  // Start from an idle chain: no block arrives that the test did not cause.
  await nodeOf(devnet).settle(5_000);
  produced = [];
  wire.clear();
});
afterEach(async () => {
  await client?.close();
  client = undefined;
});

function send(c: Client): Promise<Operation> {
  return transfer(c, Account.fromSecretKey(devnet.accounts[0]!.secretKey), { to: devnet.accounts[1]!.address, amount: amount++ });
}

describe('subscriptions', () => {
  it('deliver notifications in order and unsubscribe on break', async () => {
    client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
    const subscription = await subscribeNewBlocks(client);
    expect(wire.paramsOf('subscribe_new_blocks')).toEqual([[]]);
    expect(subscription.id).toBeTypeOf('number');
    expect(wire.answerTo(wire.of('subscribe_new_blocks')[0]!)?.result).toBe(subscription.id);
    // Produced before anyone reads: buffered.
    const op = await send(client);
    await eventually(() => produced.length >= 2);

    const blocks: { id: string; slot: { period: number; thread: number }; operations: string[] }[] = [];
    for await (const block of subscription) {
      blocks.push({ id: block.id, slot: block.content.header.content.slot, operations: block.content.operations });
      if (blocks.length === 2) break;
    }
    expect(blocks.map((b) => b.id)).toEqual(produced.slice(0, 2));
    expect(compareSlots(blocks[0]!.slot, blocks[1]!.slot)).toBeLessThan(0);
    expect(blocks[0]!.operations).toEqual([op.id]);
    expect(wire.paramsOf('unsubscribe_new_blocks')).toEqual([[subscription.id]]);
    await eventually(() => wire.answered('unsubscribe_new_blocks', true) === 1);
    expect(subscription.closed).toBe(true);
  });

  it('route each notification kind to its own subscription', async () => {
    client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
    const [headers, filled, operations] = await Promise.all([
      subscribeNewBlocksHeaders(client),
      subscribeNewFilledBlocks(client),
      subscribeNewOperations(client),
    ]);
    const op = await send(client);
    const [info] = await getOperations(client, [op.id]);

    const pooled = (await operations.next()).value;
    expect(pooled).toEqual(info?.operation);
    const header = (await headers.next()).value;
    expect(header?.content.slot.thread).toBe(info?.thread);
    const block = (await filled.next()).value;
    expect(block?.header).toEqual(header);
    expect(block?.operations).toEqual([[op.id, pooled]]);

    expect(await headers.unsubscribe()).toBe(true);
    expect(await filled.unsubscribe()).toBe(true);
    expect(await operations.return()).toEqual({ done: true, value: undefined });
    expect(wire.paramsOf('unsubscribe_new_blocks_headers')).toEqual([[headers.id]]);
    expect(wire.paramsOf('unsubscribe_new_filled_blocks')).toEqual([[filled.id]]);
    expect(wire.paramsOf('unsubscribe_new_operations')).toEqual([[operations.id]]);
    expect(wire.answered('unsubscribe_new_operations', true)).toBe(1);
    expect(await headers.unsubscribe()).toBe(true); // idempotent: same answer, sent once
    expect(wire.count('unsubscribe_new_blocks_headers')).toBe(1);
    expect(await headers.next()).toEqual({ done: true, value: undefined });
  });

  it('client.close() ends iteration without error', async () => {
    client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
    const subscription = await subscribeNewBlocks(client);
    const next = subscription.next();
    await client.close();
    expect(await next).toEqual({ done: true, value: undefined });
    await expect(subscribeNewBlocks(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_CLOSED' });
  });

  it('a slow reader overflows its buffer and gets an error after the buffered values', async () => {
    client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws, subscriptionBufferSize: 2 });
    const subscription = await subscribeNewBlocks(client);
    await send(client);
    // The third block overflows the buffer of two.
    await eventually(() => produced.length >= 3 && subscription.closed);
    expect((await subscription.next()).value?.id).toBe(produced[0]);
    expect((await subscription.next()).value?.id).toBe(produced[1]);
    await expect(subscription.next()).rejects.toMatchObject({
      code: 'MASON_CLIENT_SUBSCRIPTION_OVERFLOW',
      context: { method: 'subscribe_new_blocks', bufferSize: 2 },
    });
    expect(await subscription.next()).toEqual({ done: true, value: undefined });
    await eventually(() => wire.answered('unsubscribe_new_blocks', true) === 1);
    expect(wire.count('unsubscribe_new_blocks')).toBe(1);
  });

  it('need a wsUrl', async () => {
    client = createClient({ url: devnet.urls.public, apiUrl: devnet.urls.api });
    await expect(subscribeNewBlocks(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_WS_URL_MISSING' });
  });

  it('report a refused WebSocket connection with the same hint', async () => {
    const wsUrl = `ws://127.0.0.1:${await closedPort()}`;
    client = createClient({ url: devnet.urls.public, wsUrl });
    const error = await subscribeNewBlocks(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_CONNECTION_REFUSED', context: { url: wsUrl } });
    expect((error as Error).message).toContain('npx mason node');
  });
});
