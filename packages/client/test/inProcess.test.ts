import { MAS } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Devnet, startTestDevnet } from './devnet.js';
import { RECIPIENT } from './fixtures.js';
import { Account } from '../src/account/Account.js';
import { getStatus } from '../src/actions/getStatus.js';
import { getVersion } from '../src/actions/getVersion.js';
import type { ClientConfig, JsonRpcBodyHandler } from '../src/client.js';
import { createClient } from '../src/createClient.js';
import { ClientError } from '../src/errors.js';
import { transfer } from '../src/operations/transfer.js';
import { RpcError } from '../src/RpcError.js';

// createClient({ inProcess }): requests through a devnet's handleRequest, no socket. Against a real
// devnet, then handlers that fail the ways a transport can (hang, throw, answer garbage).

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(async () => {
  await devnet?.stop();
});

const handlers = (): NonNullable<ClientConfig['inProcess']> => ({
  public: (body) => devnet.handleRequest('public', body),
  api: (body) => devnet.handleRequest('api', body),
});

/** A client whose public handler is `handler`, without retries and with a short timeout. */
const clientWith = (handler: JsonRpcBodyHandler) =>
  createClient({ url: 'http://in-process.test:1', inProcess: { public: handler }, retry: false, timeoutMs: 200 });

describe('in-process requests to a devnet', () => {
  it('read, send and wait for finality, with the answers the devnet gives over HTTP', async () => {
    const seen: string[] = [];
    const client = createClient({
      url: devnet.urls.public,
      inProcess: { ...handlers(), public: (body) => (seen.push(JSON.parse(body).method), devnet.handleRequest('public', body)) },
    });
    const http = createClient({ url: devnet.urls.public });
    try {
      const status = await getStatus(client);
      expect(status.chain_id).toBe(77);
      expect(status.node_id).toBe((await getStatus(http)).node_id);
      expect(await getVersion(client)).toBe(await getVersion(createClient({ url: devnet.urls.public, apiUrl: devnet.urls.api })));
      const operation = await transfer(client, Account.fromSecretKey(devnet.accounts[0]!.secretKey), { to: RECIPIENT.address, amount: MAS });
      expect((await operation.waitFinal({ notifications: false, pollIntervalMs: 5 })).status).toBe('FinalSuccess');
      expect(seen).toContain('send_operations');
      expect(seen).not.toContain('get_version'); // API-port methods go to the api handler
    } finally {
      await Promise.all([client.close(), http.close()]);
    }
  });

  it('node errors are RpcError with the node code, naming the client url', async () => {
    const client = createClient({ url: devnet.urls.public, inProcess: handlers() });
    const error = await client.request('node_add_to_peers_whitelist', [['1.2.3.4']]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ rpcCode: -32019, context: { url: devnet.urls.public, method: 'node_add_to_peers_whitelist' } });
    await client.close();
    await expect(client.request('get_status')).rejects.toMatchObject({ code: 'MASON_CLIENT_CLOSED' });
  });

  it('API-port methods without an api handler go over apiUrl or the WebSocket as before', async () => {
    const client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws, inProcess: { public: handlers().public } });
    try {
      expect(typeof (await getVersion(client))).toBe('string');
    } finally {
      await client.close();
    }
  });
});

describe('in-process handlers that fail', () => {
  it('a handler that never answers times out', async () => {
    const error = await clientWith(() => new Promise(() => {}))
      .request('get_status')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_TIMEOUT', context: { url: 'http://in-process.test:1', method: 'get_status', timeoutMs: 200 } });
  });

  it('an abort signal stops the wait', async () => {
    const controller = new AbortController();
    const pending = clientWith(() => new Promise(() => {})).request('get_status', [], { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'MASON_CLIENT_ABORTED' });
    await expect(clientWith(() => new Promise(() => {})).request('get_status', [], { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'MASON_CLIENT_ABORTED',
    });
  });

  it('a handler that throws is a network error, with the handler’s error as cause, retried on safe methods', async () => {
    const failure = new Error('the devnet has stopped');
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(failure);
    };
    const error = await clientWith(failing)
      .request('get_status')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_NETWORK_ERROR', context: { reason: 'the devnet has stopped' }, cause: failure });
    const retrying = createClient({ url: 'http://in-process.test:1', inProcess: { public: failing }, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    calls = 0;
    await expect(retrying.request('get_status')).rejects.toMatchObject({ code: 'MASON_CLIENT_NETWORK_ERROR' });
    expect(calls).toBe(3);
  });

  it('garbage answers are INVALID_RESPONSE: not JSON, nothing, another id, no jsonrpc', async () => {
    const answers: (string | null)[] = ['<html>', null, '{"jsonrpc":"2.0","id":999999999,"result":1}', '{"id":1,"result":1}'];
    const reasons = [];
    for (const answer of answers) {
      const error = await clientWith(() => Promise.resolve(answer))
        .request('get_status')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'MASON_CLIENT_INVALID_RESPONSE' });
      reasons.push((error as ClientError<'MASON_CLIENT_INVALID_RESPONSE'>).context.reason);
    }
    expect(reasons).toEqual(['the answer is not JSON', 'no answer', expect.stringMatching(/^answer id 999999999/), 'missing "jsonrpc": "2.0"']);
  });

  it('a config whose handlers are not functions is refused at once', () => {
    for (const inProcess of [null, {}, { public: 'http://x' }, { public: () => Promise.resolve(null), api: 42 }]) {
      expect(() => createClient({ url: 'http://127.0.0.1:1', inProcess: inProcess as never })).toThrow(
        expect.objectContaining({ code: 'MASON_CLIENT_INVALID_ARGUMENT' }),
      );
    }
  });
});
