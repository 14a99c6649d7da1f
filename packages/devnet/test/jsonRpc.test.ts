import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { call, rpc, startTestDevnet } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

async function raw(url: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }, path = '/') {
  const response = await fetch(url + path, { method: 'POST', headers, body });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  return { status: response.status, headers: response.headers, json: isJson && text ? JSON.parse(text) : null, text };
}

describe('JSON-RPC envelope and errors (jsonrpsee behaviour)', () => {
  it('answers parse errors, invalid requests and unknown methods with the standard codes', async () => {
    expect((await raw(devnet.urls.public, '{not json')).json.error).toEqual({ code: -32700, message: 'Parse error' });
    expect((await raw(devnet.urls.public, '42')).json.error.code).toBe(-32600);
    expect((await raw(devnet.urls.public, '{"jsonrpc":"1.0","id":1,"method":"get_status"}')).json.error.code).toBe(-32600);
    expect((await raw(devnet.urls.public, '{"jsonrpc":"2.0","id":1,"method":5}')).json.error.code).toBe(-32600);
    expect((await raw(devnet.urls.public, '{"jsonrpc":"2.0","id":1,"method":"nope"}')).json.error).toEqual({ code: -32601, message: 'Method not found' });
  });

  it('accepts params [{}] and [] for zero-argument methods, as massa-web3 sends them', async () => {
    expect((await rpc(devnet.urls.public, 'get_status', [{}])).result.chain_id).toBe(77);
    expect((await rpc(devnet.urls.public, 'get_status', [])).result.chain_id).toBe(77);
    expect((await rpc(devnet.urls.api, 'get_version', [{}])).result).toBe('SAND.5.0');
  });

  it('answers at / and /api/v2, with CORS for POST and OPTIONS', async () => {
    const body = '{"jsonrpc":"2.0","id":7,"method":"get_status","params":[]}';
    const v2 = await raw(devnet.urls.public, body, undefined, '/api/v2');
    expect(v2.json.id).toBe(7);
    expect(v2.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(devnet.urls.public + '/', { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect((await fetch(devnet.urls.public + '/other', { method: 'POST' })).status).toBe(404);
    expect((await raw(devnet.urls.public, body, { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('serves batches up to 16 and refuses larger ones', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'get_version' });
    const ok = await raw(devnet.urls.api, JSON.stringify(Array.from({ length: 16 }, (_, i) => call(i))));
    expect(ok.json).toHaveLength(16);
    const big = await raw(devnet.urls.api, JSON.stringify(Array.from({ length: 17 }, (_, i) => call(i))));
    expect(big.json.error.code).toBe(-32010);
    expect((await raw(devnet.urls.api, '[]')).json.error.code).toBe(-32600);
    const mixed = await raw(devnet.urls.public, JSON.stringify([call(1), { jsonrpc: '2.0', id: 2, method: 'nope' }, 3]));
    expect(mixed.json.map((r: any) => r.error?.code ?? 'ok')).toEqual([-32601, -32601, -32600]);
  });

  it('answers methods of the other API with -32019', async () => {
    expect((await rpc(devnet.urls.public, 'stop_node')).error).toEqual({ code: -32019, message: 'The wrong API (either Public or Private) was called' });
    expect((await rpc(devnet.urls.public, 'node_sign_message', [[1, 2]])).error?.code).toBe(-32019);
    expect((await rpc(devnet.urls.private, 'get_status')).error?.code).toBe(-32019);
    expect((await rpc(devnet.urls.private, 'get_datastore_entries', [[]])).result).toEqual([]);
  });

  it('checks argument counts with the node messages', async () => {
    const ids = Array.from({ length: 129 }, () => 'O1x');
    expect((await rpc(devnet.urls.public, 'get_operations', [ids])).error).toEqual({ code: -32000, message: 'Bad request: too many arguments' });
    expect((await rpc(devnet.urls.public, 'get_addresses_bytecode', [[]])).error?.message).toBe('Bad request: no arguments specified');
    const many = Array.from({ length: 51 }, () => ({ address: devnet.accounts[0]!.address, prefix: [], is_final: true }));
    expect((await rpc(devnet.urls.public, 'get_addresses_datastore_keys', [many])).error?.message).toBe(
      'Bad request: too many arguments received. Only a maximum of 50 arguments are accepted per request',
    );
    expect((await rpc(devnet.urls.public, 'get_endorsements', [])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.public, 'get_filtered_sc_output_event', [])).error?.code).toBe(-32602);
    expect((await rpc(devnet.urls.public, 'get_slots_transfers', [[]])).error?.message).toBe('Bad request: feature execution-trace is not enabled');
  });

  it('serves the rest of the public API with the reference shapes', async () => {
    const [staker] = await call(devnet.urls.private, 'get_staking_addresses');
    expect(await call(devnet.urls.public, 'get_stakers')).toEqual([[staker, 100]]);
    expect(await call(devnet.urls.api, 'get_largest_stakers')).toEqual({ content: [[staker, 100]], total_count: 1 });
    const parents = await call(devnet.urls.api, 'get_next_block_best_parents');
    expect(parents).toHaveLength(32);
    const genesis = await call(devnet.urls.public, 'get_blockclique_block_by_slot', [{ period: 0, thread: 3 }]);
    expect(genesis.header.content.slot).toEqual({ period: 0, thread: 3 });
    expect(genesis.header.content.parents).toEqual([]);
    expect(await call(devnet.urls.public, 'get_blockclique_block_by_slot', [{ period: 999999, thread: 0 }])).toBeNull();
    const graph = await call(devnet.urls.public, 'get_graph_interval', [{}]);
    expect(graph.length).toBeGreaterThanOrEqual(32);
    expect(graph[0]).toMatchObject({ is_final: true, is_stale: false, is_in_blockclique: true });
    const [cliques] = await call(devnet.urls.public, 'get_cliques');
    expect(cliques.is_blockclique).toBe(true);
    const discover = await call(devnet.urls.public, 'rpc.discover');
    expect(discover.openrpc).toBeDefined();
    expect(discover.info.version).toBe('SAND.5.0');
    const signed = await call(devnet.urls.private, 'node_sign_message', [[1, 2, 3]]);
    expect(signed.public_key).toMatch(/^P/);
  });
});
