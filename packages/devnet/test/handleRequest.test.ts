import { MAS, SecretKey } from '@mason/codec';
import { afterEach, describe, expect, it } from 'vitest';
import { DevnetOptionError, type Devnet, type DevnetServer } from '../src/index.js';
import { rpc, signForDevnet, startTestDevnet, waitFinal } from './helpers.js';

// devnet.handleRequest: the servers' answers in this process, without a socket. Every answer is
// compared with what the same request gets over HTTP from the same devnet.

let devnet: Devnet | undefined;
afterEach(async () => {
  await devnet?.stop();
  devnet = undefined;
});

const body = (method: string, params: unknown[] = [], id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params });

async function overHttp(url: string, text: string): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  return JSON.parse(await response.text());
}

async function inProcess(server: DevnetServer, text: string): Promise<unknown> {
  const answer = await devnet!.handleRequest(server, text);
  return answer === null ? null : JSON.parse(answer);
}

describe('devnet.handleRequest', () => {
  it('answers each server as its HTTP endpoint does: methods, other-API and unknown methods, batches', async () => {
    devnet = await startTestDevnet({ instant: true });
    const cases: [DevnetServer, string, string][] = [
      ['public', devnet.urls.public, body('get_addresses', [[devnet.accounts[0]!.address]])],
      ['public', devnet.urls.public, body('node_add_to_peers_whitelist', [['1.2.3.4']])], // a private method: -32019
      ['public', devnet.urls.public, body('no_such_method')],
      ['private', devnet.urls.private, body('get_status')],
      ['api', devnet.urls.api, body('get_version')],
      ['public', devnet.urls.public, `[${body('get_addresses', [[devnet.accounts[1]!.address]], 7)},${body('nope', [], 8)}]`],
    ];
    for (const [server, url, text] of cases) {
      expect(await inProcess(server, text), `${server} ${text}`).toEqual(await overHttp(url, text));
    }
    expect(((await inProcess('public', body('get_status'))) as { result: { chain_id: number } }).result.chain_id).toBe(77);
  });

  it('gives hostile bodies the node’s error codes, as over HTTP', async () => {
    devnet = await startTestDevnet({ instant: true, serverLimits: { maxRequestBodySize: 2_000, maxResponseBodySize: 600 } });
    const hostile = [
      '{"jsonrpc":"2.0","id":1,"method":', // not JSON: -32700
      '[]', // an empty batch: -32600
      `[${Array.from({ length: 17 }, (_, i) => body('get_status', [], i)).join(',')}]`, // past 16 calls: -32010
      body('get_addresses', [['x'.repeat(3_000)]]), // past maxRequestBodySize: -32007
      body('get_status'), // its answer is past maxResponseBodySize: -32008
      '{"jsonrpc":"2.0","method":"get_status","params":[]}', // a notification: nothing to answer
    ];
    const answers = [];
    for (const text of hostile) {
      const local = await inProcess('public', text);
      answers.push(local === null ? null : (local as { error: { code: number } }).error.code);
      if (local !== null) expect(local).toEqual(await overHttp(devnet.urls.public, text));
    }
    expect(answers).toEqual([-32700, -32600, -32010, -32007, -32008, null]);
    expect(JSON.parse((await devnet.handleRequest('public', 42 as unknown as string))!).error.code).toBe(-32700);
  });

  it('takes a signed operation to finality, seen the same over HTTP', async () => {
    devnet = await startTestDevnet({ instant: true });
    const recipient = SecretKey.generate().publicKey.address().toString();
    const signed = await signForDevnet(devnet, devnet.accounts[0]!.secretKey, { type: 'Transaction', recipient, amount: MAS });
    const sent = (await inProcess('public', body('send_operations', [[signed]]))) as { result: string[] };
    expect(sent.result).toHaveLength(1);
    expect(await waitFinal(devnet, sent.result[0]!)).toMatchObject({ is_operation_final: true, op_exec_status: true });
    const viaHttp = await rpc(devnet.urls.public, 'get_operations', [sent.result]);
    expect(await inProcess('public', body('get_operations', [sent.result]))).toEqual({ jsonrpc: '2.0', id: 1, result: viaHttp.result });
  });

  it('refuses a server that does not exist, and every request once the devnet has stopped', async () => {
    devnet = await startTestDevnet({ instant: true });
    const refused = await devnet.handleRequest('admin' as DevnetServer, body('get_status')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DevnetOptionError);
    expect(refused).toMatchObject({ code: 'MASON_DEVNET_INVALID_OPTION' });
    const stopped = devnet;
    await stopped.stop();
    devnet = undefined;
    await expect(stopped.handleRequest('public', body('get_status'))).rejects.toMatchObject({ code: 'MASON_DEVNET_STOPPED', context: { server: 'public' } });
  });
});
