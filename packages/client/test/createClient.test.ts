import { nodeOf } from '@mason/devnet/internal';
import { parseMas, signOperation, toSendOperationInput, type Operation as OperationPayload } from '@mason/codec';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from './closedPort.js';
import { type Devnet, startTestDevnet } from './devnet.js';
import { CONTRACT, RECIPIENT } from './fixtures.js';
import { Wire } from './wire.js';
import { getEndorsements } from '../src/actions/getEndorsements.js';
import { getOperations } from '../src/actions/getOperations.js';
import { getStatus } from '../src/actions/getStatus.js';
import { sendOperations } from '../src/actions/sendOperations.js';
import { createClient } from '../src/createClient.js';
import { ClientError } from '../src/errors.js';
import { RpcError } from '../src/RpcError.js';

// The transport and the node's real JSON-RPC errors against a devnet. What a devnet cannot do
// (fail, hang, drop connections, answer garbage) is in createClient.faults.test.ts.

let devnet: Devnet;
let wire: Wire;
const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 };

beforeAll(async () => {
  devnet = await startTestDevnet();
  wire = new Wire();
});
afterAll(async () => {
  wire?.dispose();
  await devnet?.stop();
});
beforeEach(() => wire.clear());

/** A signed operation as `send_operations` takes it, with the devnet's current period. */
async function signed(
  init: { fee?: bigint; expireOffset?: number; chainId?: bigint; op?: OperationPayload } = {},
): Promise<ReturnType<typeof toSendOperationInput>> {
  const period = nodeOf(devnet).currentSlot().period;
  const content = {
    fee: init.fee ?? parseMas('0.01'),
    expirePeriod: Math.max(0, period + (init.expireOffset ?? 5)),
    op: init.op ?? ({ type: 'Transaction', recipient: RECIPIENT.address, amount: 1n } as const),
  };
  return toSendOperationInput(signOperation(content, devnet.accounts[0]!.secretKey, init.chainId ?? 77n));
}

describe('RpcError: the node errors, verbatim', () => {
  it('carries the node code and message verbatim (-32016 expired)', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const input = await signed({ expireOffset: -1 });
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
      docs: 'https://github.com/mason-dev/mason/blob/main/docs/client.md#mason_client_rpc_error',
    });
    expect((error as Error).message).toContain('(JSON-RPC error -32016)');
    expect(wire.count('send_operations')).toBe(1);
    await client.close();
  });

  it('-32016 gas above the block limit (an operation signed without the client checks)', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const op = { type: 'CallSC', maxGas: 4_294_167_296n, coins: 0n, target: CONTRACT, func: 'f', param: new Uint8Array() } as const;
    const error = await sendOperations(client, [await signed({ op })]).catch((e: unknown) => e);
    expect(error).toMatchObject({
      rpcCode: -32016,
      kind: 'InconsistencyError',
      rpcMessage: 'Inconsistency error: Upper gas limit for CallSC operation is 4294167295. Your operation will never be included in a block.',
    });
    expect(wire.count('send_operations')).toBe(1);
    await client.close();
  });

  it('-32000 "Bad request: too many arguments" is a client-side error and is not retried', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const ids = Array.from({ length: 129 }, (_, i) => `O1${i}`);
    const error = await getOperations(client, ids).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32000, rpcMessage: 'Bad request: too many arguments', kind: 'BadRequest', isClientSide: true });
    expect(wire.count('get_operations')).toBe(1);
    await client.close();
  });

  it('-32602 Invalid params for a missing required param is not retried', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const error = await client.request('get_endorsements', []).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32602, rpcMessage: 'Invalid params', kind: 'InvalidParams' });
    expect(wire.count('get_endorsements')).toBe(1);
    await client.close();
  });

  it('fee too low keeps the node text (with its space before the comma)', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const error = await sendOperations(client, [await signed({ fee: parseMas('0.009') })]).catch((e: unknown) => e);
    expect(error).toMatchObject({
      rpcCode: -32000,
      rpcMessage: 'Bad request: fee is too low provided: 0.009 , minimal_fees required: 0.01',
    });
    expect(wire.count('send_operations')).toBe(1);
    await client.close();
  });

  it('-32013 Models error: a signature for another chain id does not verify, and is not retried', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const error = await sendOperations(client, [await signed({ chainId: 77_658_377n })]).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32013, kind: 'ModelsError', rpcMessage: expect.stringMatching(/^Models error: /) });
    expect(wire.count('send_operations')).toBe(1);
    expect((await getStatus(client)).pool_stats[0]).toBe(0);
    await client.close();
  });

  it('-32019 for a method of the other API (private on public), not retried', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const error = await client.request('node_add_to_peers_whitelist', [['1.2.3.4']]).catch((e: unknown) => e);
    expect(error).toMatchObject({
      rpcCode: -32019,
      kind: 'WrongApi',
      rpcMessage: 'The wrong API (either Public or Private) was called',
    });
    expect(wire.count('node_add_to_peers_whitelist')).toBe(1);
    await client.close();
  });

  it('-32601 Method not found, not retried', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const error = await client.request('get_nothing', []).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32601, rpcMessage: 'Method not found', kind: 'MethodNotFound', isClientSide: true });
    expect(wire.count('get_nothing')).toBe(1);
    await client.close();
  });

  it('an HTTP error status with a JSON-RPC body (413 request too big) is an RpcError', async () => {
    const client = createClient({ url: devnet.urls.public, retry: fast });
    const error = await client.request('get_status', ['x'.repeat(52_428_800)]).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32007, kind: 'RequestTooBig', data: 'Exceeded max limit of 52428800' });
    expect(wire.count('get_status')).toBe(1);
    await client.close();
  });
});

describe('HTTP transport', () => {
  it('keeps connections alive between requests', async () => {
    const client = createClient({ url: devnet.urls.public });
    for (let i = 0; i < 10; i++) await getStatus(client);
    // undici's pool may open a second socket while the first finishes its response; both are reused.
    expect(wire.connections.get(devnet.urls.public)).toBeLessThanOrEqual(2);
    expect(wire.count('get_status')).toBe(10);
    await client.close();
  });

  it('connection refused says how to start a node', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const client = createClient({ url, retry: fast });
    const error = await getStatus(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MASON_CLIENT_CONNECTION_REFUSED', context: { url } });
    expect((error as Error).message).toContain(`Is a node running at ${url}? Start one with \`npx mason node\`.`);
    await client.close();
  });

  it('rejects calls after close()', async () => {
    const client = createClient({ url: devnet.urls.public });
    await client.close();
    await expect(getEndorsements(client, [])).rejects.toMatchObject({ code: 'MASON_CLIENT_CLOSED' });
    expect(wire.requests).toEqual([]);
  });

  it('validates URLs', () => {
    expect(() => createClient({ url: 'localhost:33035' })).toThrow(/Invalid url/);
    expect(() => createClient({ url: 'http://x', wsUrl: 'http://x' })).toThrow(/ws or wss URL/);
  });
});
