import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SecretKey, parseMas, signOperation, toSendOperationInput } from '@mason/codec';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECIPIENT, SENDER } from '../test/fixtures.js';
import { startTestNode, type TestNode } from '../test/testNode.js';
import { getEndorsements } from './actions/getEndorsements.js';
import { getOperations } from './actions/getOperations.js';
import { getStatus } from './actions/getStatus.js';
import { sendOperations } from './actions/sendOperations.js';
import { createClient } from './createClient.js';
import { ClientError } from './errors.js';
import { RpcError } from './RpcError.js';

let node: TestNode;
const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 };

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());
afterEach(() => {
  expect(node.violations).toEqual([]);
  node.received.length = 0;
});

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

function transfer(expirePeriod = 105) {
  const signed = signOperation(
    { fee: parseMas('0.01'), expirePeriod, op: { type: 'Transaction', recipient: RECIPIENT.address, amount: 1n } },
    SecretKey.fromString(SENDER.secret),
    77n,
  );
  return { signed, input: toSendOperationInput(signed) };
}

describe('RpcError', () => {
  it('carries the node code and message verbatim', async () => {
    const client = createClient({ url: node.url, retry: fast });
    const { input } = transfer(10);
    const error = await sendOperations(client, [input]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({
      code: 'MASON_CLIENT_RPC_ERROR',
      rpcCode: -32016,
      kind: 'InconsistencyError',
      method: 'send_operations',
      rpcMessage:
        'Inconsistency error: Operation expire_period is lower than the current period of this node. Your operation will never be included in a block.',
      docs: 'docs/client.md#mason_client_rpc_error',
    });
    expect((error as Error).message).toContain('(JSON-RPC error -32016)');
    await client.close();
  });

  it('-32000 "Bad request: too many arguments" is a client-side error and is not retried', async () => {
    const client = createClient({ url: node.url, retry: fast });
    const ids = Array.from({ length: 129 }, (_, i) => `O1${i}`);
    const error = await getOperations(client, ids).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32000, rpcMessage: 'Bad request: too many arguments', kind: 'BadRequest', isClientSide: true });
    expect(node.count('get_operations')).toBe(1);
    await client.close();
  });

  it('-32602 Invalid params for a missing required param is not retried', async () => {
    const client = createClient({ url: node.url, retry: fast });
    node.violations.length = 0;
    const error = await client.request('get_endorsements', []).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32602, rpcMessage: 'Invalid params', kind: 'InvalidParams' });
    expect(node.count('get_endorsements')).toBe(1);
    node.violations.length = 0;
    await client.close();
  });

  it('fee too low keeps the node text (with its space before the comma)', async () => {
    const client = createClient({ url: node.url, retry: fast });
    node.state.minimalFees = '0.02';
    const error = await sendOperations(client, [transfer().input]).catch((e: unknown) => e);
    node.state.minimalFees = '0.01';
    expect(error).toMatchObject({
      rpcCode: -32000,
      rpcMessage: 'Bad request: fee is too low provided: 0.01 , minimal_fees required: 0.02',
    });
    expect(node.count('send_operations')).toBe(1);
    await client.close();
  });

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

  it('an HTTP error status with a JSON-RPC body (413 request too big) is an RpcError', async () => {
    const client = createClient({ url: node.url, retry: fast });
    node.fault('get_status', {
      status: 413,
      body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32007, message: 'Request is too big', data: 'Exceeded max limit of 52428800' } }),
    });
    const error = await getStatus(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32007, kind: 'RequestTooBig', data: 'Exceeded max limit of 52428800' });
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

describe('HTTP transport', () => {
  it('keeps connections alive between requests', async () => {
    const client = createClient({ url: node.url });
    const before = node.tcpConnections;
    for (let i = 0; i < 10; i++) await getStatus(client);
    // undici's pool may open a second socket while the first finishes its response; both are reused.
    expect(node.tcpConnections - before).toBeLessThanOrEqual(2);
    expect(node.count('get_status')).toBe(10);
    await client.close();
  });
});

describe('transport errors', () => {
  it('times out per request', async () => {
    const client = createClient({ url: node.url, timeoutMs: 40, retry: false });
    node.fault('get_status', { hang: true });
    const started = Date.now();
    const error = await getStatus(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_TIMEOUT', context: { timeoutMs: 40, method: 'get_status', url: node.url } });
    expect(Date.now() - started).toBeLessThan(1000);
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

  it('connection refused says how to start a node', async () => {
    const url = await closedPortUrl();
    const client = createClient({ url, retry: fast });
    const error = await getStatus(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_CONNECTION_REFUSED', context: { url } });
    expect((error as Error).message).toContain(`Is a node running at ${url}? Start one with \`npx mason node\`.`);
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

  it('rejects calls after close()', async () => {
    const client = createClient({ url: node.url });
    await client.close();
    await expect(getEndorsements(client, [])).rejects.toMatchObject({ code: 'MASON_CLIENT_CLOSED' });
  });

  it('validates URLs', () => {
    expect(() => createClient({ url: 'localhost:33035' })).toThrow(/Invalid url/);
    expect(() => createClient({ url: 'http://x', wsUrl: 'http://x' })).toThrow(/ws or wss URL/);
  });
});
