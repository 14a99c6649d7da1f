import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { call, startTestDevnet } from './helpers.js';

// The wire as jsonrpsee serves it: ids and u64 numbers kept exact, bytes that are not UTF-8 or
// not JSON refused, content types and methods as the node's server accepts them, and CORS.

let devnet: Devnet;
let withCors: Devnet;
beforeAll(async () => {
  [devnet, withCors] = await Promise.all([startTestDevnet(), startTestDevnet({ privateCors: ['http://localhost:5173/'] })]);
});
afterAll(() => Promise.all([devnet.stop(), withCors.stop()]));

async function post(url: string, body: string | Uint8Array, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('ids and u64 numbers above 2^53', () => {
  it('echoes a u64 id verbatim, in single calls, batches and over WebSocket', async () => {
    for (const id of ['18446744073709551615', '9007199254740993', '12345678901234567890']) {
      const single = await post(devnet.urls.public, `{"jsonrpc":"2.0","id":${id},"method":"get_version"}`);
      expect(single.text).toContain(`"id":${id},`);
    }
    const batch = await post(
      devnet.urls.api,
      '[{"jsonrpc":"2.0","id":9007199254740993,"method":"get_version"},{"jsonrpc":"2.0","id":9007199254740995,"method":"get_version"}]',
    );
    expect(batch.text).toMatch(
      /^\[\{"jsonrpc":"2\.0","id":9007199254740993,"result":"SAND\.5\.0"\},\{"jsonrpc":"2\.0","id":9007199254740995,"result":"SAND\.5\.0"\}\]$/,
    );
    const ws = new WebSocket(devnet.urls.ws);
    await new Promise((resolve) => ws.once('open', resolve));
    const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(data.toString())));
    ws.send('{"jsonrpc":"2.0","id":18446744073709551615,"method":"subscribe_new_blocks","params":[]}');
    expect(await reply).toMatch(/^\{"jsonrpc":"2\.0","id":18446744073709551615,"result":\d+\}$/);
    ws.close();
  });

  it('refuses ids a node cannot read (negative, above u64, fractional) as invalid requests with a null id', async () => {
    for (const id of ['-1', '18446744073709551616', '1.5']) {
      const answer = await post(devnet.urls.public, `{"jsonrpc":"2.0","id":${id},"method":"get_version"}`);
      expect(JSON.parse(answer.text)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } });
    }
  });

  it('reads u64 params above 2^53 exactly, and refuses those above u64', async () => {
    const quote = await post(
      devnet.urls.public,
      '{"jsonrpc":"2.0","id":1,"method":"get_deferred_call_quote","params":[[{"target_slot":{"period":9007199254740993,"thread":3},"max_gas_request":18446744073709551615,"params_size":0}]]}',
    );
    expect(quote.text).toBe(
      '{"jsonrpc":"2.0","id":1,"result":[{"target_slot":{"period":9007199254740993,"thread":3},"max_gas_request":18446744073709551615,"available":false,"price":"0"}]}',
    );
    const bySlot = await post(
      devnet.urls.public,
      '{"jsonrpc":"2.0","id":1,"method":"get_deferred_call_ids_by_slot","params":[[{"period":18446744073709551615,"thread":0}]]}',
    );
    expect(bySlot.text).toContain('"slot":{"period":18446744073709551615,"thread":0}');
    // far beyond the chain, but valid: the answers a node gives for slots and pages past the end
    expect(await call(devnet.urls.public, 'get_blockclique_block_by_slot', [{ period: 2 ** 60, thread: 0 }])).toBeNull();
    const events = await post(
      devnet.urls.public,
      '{"jsonrpc":"2.0","id":1,"method":"get_filtered_sc_output_event","params":[{"start":{"period":18446744073709551615,"thread":0}}]}',
    );
    expect(JSON.parse(events.text).result).toEqual([]);
    const stakers = await post(devnet.urls.public, '{"jsonrpc":"2.0","id":1,"method":"get_stakers","params":[{"limit":18446744073709551615,"offset":0}]}');
    expect(JSON.parse(stakers.text).result).toHaveLength(1);
    const over = await post(devnet.urls.public, '{"jsonrpc":"2.0","id":1,"method":"get_stakers","params":[{"limit":18446744073709551616,"offset":0}]}');
    expect(JSON.parse(over.text).error.code).toBe(-32602);
    const float = await post(devnet.urls.public, '{"jsonrpc":"2.0","id":1,"method":"get_stakers","params":[{"limit":1e300,"offset":0}]}');
    expect(JSON.parse(float.text).error.code).toBe(-32602);
  });
});

describe('request bytes, content types and methods', () => {
  it('answers -32700 to a body that is not valid UTF-8, over HTTP and WebSocket', async () => {
    const json = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"get_version","params":["\u00e9"]}');
    const broken = Uint8Array.from(json);
    broken[json.indexOf(0xc3)] = 0xff; // é's lead byte replaced: invalid UTF-8 inside a string
    const answer = await post(devnet.urls.api, broken);
    expect(JSON.parse(answer.text)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(JSON.parse((await post(devnet.urls.api, Uint8Array.from(json))).text).result).toBe('SAND.5.0');
    const ws = new WebSocket(devnet.urls.ws);
    await new Promise((resolve) => ws.once('open', resolve));
    const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(data.toString())));
    ws.send(broken, { binary: true });
    expect(JSON.parse(await reply).error.code).toBe(-32700);
    ws.close();
  });

  it("accepts exactly jsonrpsee's JSON content types and refuses the others with 415", async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"get_version"}';
    for (const type of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json-rpc']) {
      expect((await post(devnet.urls.api, body, { 'content-type': type })).status, type).toBe(200);
    }
    for (const type of ['text/plain', 'application/jsonp', 'application/json; charset=latin1', 'multipart/form-data', '']) {
      const refused = await post(devnet.urls.api, body, type ? { 'content-type': type } : {});
      expect(refused.status, type).toBe(415);
      expect(refused.text).toBe('Supplied content type is not allowed. Content-Type: application/json is required\n');
    }
  });

  it('refuses methods other than POST with 405', async () => {
    const response = await fetch(devnet.urls.public, { method: 'GET' });
    expect(response.status).toBe(405);
    expect(await response.text()).toBe('Used HTTP Method is not allowed. POST is required\n');
  });
});

describe('CORS', () => {
  const preflight = (url: string, origin: string) =>
    fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

  it('lets any web page use the public and API ports, as a node does', async () => {
    for (const url of [devnet.urls.public, devnet.urls.api]) {
      const answer = await preflight(url, 'https://dapp.example');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
      const posted = await post(url, '{"jsonrpc":"2.0","id":1,"method":"get_status"}', { 'content-type': 'application/json', origin: 'https://dapp.example' });
      expect(posted.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('refuses web pages on the private port by default: no preflight, no answer, nothing executed', async () => {
    const answer = await preflight(devnet.urls.private, 'https://evil.example');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const stakers = nodeOf(devnet).stakers.length;
    const posted = await post(
      devnet.urls.private,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'remove_staking_addresses', params: [[nodeOf(devnet).stakers[0]!.publicKey.address().toString()]] }),
      {
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
    );
    expect(posted.status).toBe(403);
    expect(posted.text).toBe(
      'Origin https://evil.example may not use the private API. Start the devnet with --private-cors https://evil.example (option privateCors) to allow it.\n',
    );
    expect(posted.headers.get('access-control-allow-origin')).toBeNull();
    expect(nodeOf(devnet).stakers.length).toBe(stakers);
    // Tools that are not web pages (no Origin header) use it as before.
    expect(await call(devnet.urls.private, 'get_staking_addresses')).toHaveLength(1);
  });

  it('answers the private port to the origins given with privateCors only', async () => {
    const allowed = await preflight(withCors.urls.private, 'http://localhost:5173');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('vary')).toBe('Origin');
    const posted = await post(withCors.urls.private, '{"jsonrpc":"2.0","id":1,"method":"get_staking_addresses"}', {
      'content-type': 'application/json',
      origin: 'http://localhost:5173',
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await preflight(withCors.urls.private, 'http://localhost:5174')).status).toBe(403);
  });

  it('refuses a privateCors entry that is not an origin', async () => {
    await expect(startTestDevnet({ privateCors: ['localhost:5173/app'] })).rejects.toThrow(
      '"localhost:5173/app" is not an origin: expected scheme://host[:port], e.g. http://localhost:5173',
    );
  });
});
