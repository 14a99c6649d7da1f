import { parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECIPIENT, SENDER } from './fixtures.js';
import { startTestNode, type TestNode } from './testNode.js';
import { getStatus } from '../src/actions/getStatus.js';
import { sendOperations } from '../src/actions/sendOperations.js';
import { createClient } from '../src/createClient.js';

// Transport faults and retries: a server that fails on purpose (test/testNode.ts), for what a
// real devnet never does. The node's own errors are tested against the devnet in createClient.test.ts.

let node: TestNode;
const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 };

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());
afterEach(() => {
  node.received.length = 0;
});

function transfer(expirePeriod = 105) {
  const signed = signOperation(
    { fee: parseMas('0.01'), expirePeriod, op: { type: 'Transaction', recipient: RECIPIENT.address, amount: 1n } },
    SecretKey.fromString(SENDER.secret),
    77n,
  );
  return { signed, input: toSendOperationInput(signed) };
}

describe('RpcError codes a devnet never sends', () => {
  it('shared codes are named by their message: -32009 busy is retried, consensus error is not', async () => {
    const client = createClient({ url: node.url, retry: fast });
    node.fault('get_status', { rpc: { code: -32009, message: 'Server is busy, try again later' } });
    expect((await getStatus(client)).chain_id).toBe(77);
    expect(node.count('get_status')).toBe(2);

    node.received.length = 0;
    node.fault('get_status', { rpc: { code: -32009, message: 'consensus error: no clique' } });
    const error = await getStatus(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32009, kind: 'ConsensusError' });
    expect(node.count('get_status')).toBe(1);
    await client.close();
  });
});

describe('retry', () => {
  it('retries reads after HTTP 503 and succeeds', async () => {
    const client = createClient({ url: node.url, retry: fast });
    node.fault('get_status', { status: 503 }, { status: 503 });
    expect((await getStatus(client)).chain_id).toBe(77);
    expect(node.count('get_status')).toBe(3);
    await client.close();
  });

  it('gives up after `retries` extra attempts with the last error', async () => {
    const client = createClient({ url: node.url, retry: fast });
    node.fault('get_status', { status: 502 }, { status: 502 }, { status: 502 });
    const error = await getStatus(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_HTTP_STATUS', context: { status: 502, method: 'get_status' } });
    expect(node.count('get_status')).toBe(3);
    await client.close();
  });

  it('retries send_operations (content-addressed): the same id comes back', async () => {
    const client = createClient({ url: node.url, retry: fast });
    const { signed, input } = transfer();
    node.fault('send_operations', { destroy: true });
    expect(await sendOperations(client, [input])).toEqual([signed.id]);
    expect(node.count('send_operations')).toBe(2);
    await client.close();
  });

  it('never retries other writes', async () => {
    const client = createClient({ url: node.url, retry: fast });
    node.fault('node_add_to_peers_whitelist', { status: 503 });
    const error = await client.request('node_add_to_peers_whitelist', [['1.2.3.4']]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_HTTP_STATUS' });
    expect(node.count('node_add_to_peers_whitelist')).toBe(1);
    await client.close();
  });

  it('retry: false sends once; a per-call retry overrides the client', async () => {
    const client = createClient({ url: node.url, retry: false });
    node.fault('get_status', { status: 503 });
    await expect(getStatus(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_HTTP_STATUS' });
    expect(node.count('get_status')).toBe(1);
    node.fault('get_status', { status: 503 });
    expect((await getStatus(client, { retry: fast })).chain_id).toBe(77);
    expect(node.count('get_status')).toBe(3);
    await client.close();
  });
});

describe('transport errors', () => {
  it('times out per request', async () => {
    const client = createClient({ url: node.url, timeoutMs: 40, retry: false });
    node.fault('get_status', { hang: true });
    const error = await getStatus(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_TIMEOUT', context: { timeoutMs: 40, method: 'get_status', url: node.url } });
    node.fault('get_status', { hang: true });
    await expect(getStatus(client, { timeoutMs: 20 })).rejects.toMatchObject({ context: { timeoutMs: 20 } });
    await client.close();
  });

  it('retries a timed-out read', async () => {
    const client = createClient({ url: node.url, timeoutMs: 40, retry: fast });
    node.fault('get_status', { hang: true });
    expect((await getStatus(client)).chain_id).toBe(77);
    expect(node.count('get_status')).toBe(2);
    await client.close();
  });

  it('a dropped connection is a network error', async () => {
    const client = createClient({ url: node.url, retry: false });
    node.fault('get_status', { destroy: true });
    await expect(getStatus(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_NETWORK_ERROR' });
    await client.close();
  });

  it('a body that is not JSON-RPC is an invalid response', async () => {
    const client = createClient({ url: node.url, retry: false });
    node.fault('get_status', { status: 200, body: '<html>' });
    await expect(getStatus(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_INVALID_RESPONSE' });
    node.fault('get_status', { status: 200, body: '{"id":1}' });
    await expect(getStatus(client)).rejects.toMatchObject({ code: 'MASON_CLIENT_INVALID_RESPONSE' });
    await client.close();
  });

  it('an AbortSignal stops the call', async () => {
    const client = createClient({ url: node.url, retry: false });
    node.fault('get_status', { hang: true });
    const controller = new AbortController();
    const pending = getStatus(client, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toMatchObject({ code: 'MASON_CLIENT_ABORTED' });
    await client.close();
  });
});
