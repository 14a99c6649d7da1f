import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { call, startTestDevnet } from './helpers.js';

// Generated malformed JSON-RPC requests: each gets the right error code, the servers stay up,
// and memory stays bounded.

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

const PUBLIC_METHODS = [
  'get_status',
  'get_addresses',
  'get_operations',
  'get_blocks',
  'get_filtered_sc_output_event',
  'send_operations',
  'execute_read_only_call',
  'get_datastore_entries',
  'get_addresses_bytecode',
  'get_addresses_datastore_keys',
  'get_graph_interval',
  'get_endorsements',
  'get_blockclique_block_by_slot',
  'execute_read_only_bytecode',
];
const PRIVATE_METHODS = ['stop_node', 'node_sign_message', 'add_staking_secret_keys', 'get_staking_addresses', 'node_ban_by_ip'];

async function post(body: string): Promise<{ status: number; json: any }> {
  const response = await fetch(devnet.urls.public, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const junkValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer({ min: -5, max: 300 }), { maxLength: 8 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 4 }),
);

/** A request body and the error codes it may legitimately get. */
const malformed: fc.Arbitrary<{ body: string; codes: number[] }> = fc.oneof(
  // not JSON at all
  fc
    .string({ minLength: 1, maxLength: 60 })
    .filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    })
    .map((body) => ({ body, codes: [-32700] })),
  // JSON, but not a request object
  fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.boolean()).map((v) => ({ body: JSON.stringify(v), codes: [-32600] })),
  // wrong envelope
  fc
    .record({ jsonrpc: fc.oneof(fc.constant('1.0'), fc.integer(), fc.constant(undefined)), id: fc.nat(), method: fc.constantFrom(...PUBLIC_METHODS) })
    .map((r) => ({ body: JSON.stringify(r), codes: [-32600] })),
  fc
    .record({
      jsonrpc: fc.constant('2.0'),
      id: fc.oneof(fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }), fc.array(fc.nat()), fc.object()),
      method: fc.constant('get_status'),
    })
    .map((r) => ({ body: JSON.stringify(r), codes: [-32600] })),
  // unknown methods
  fc
    .string({ minLength: 1, maxLength: 30 })
    .filter((m) => !PUBLIC_METHODS.includes(m) && !PRIVATE_METHODS.includes(m) && !m.startsWith('get_') && m !== 'rpc.discover')
    .map((method) => ({ body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }), codes: [-32601] })),
  // private methods on the public port
  fc.constantFrom(...PRIVATE_METHODS).map((method) => ({ body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [[]] }), codes: [-32019] })),
  // wrong types for real methods
  fc
    .tuple(fc.constantFrom(...PUBLIC_METHODS.filter((m) => m !== 'get_status')), fc.array(junkValue, { maxLength: 3 }))
    .map(([method, params]) => ({ body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), codes: [-32602, -32000, -32013, -32016, 0] })),
  // huge arrays
  fc.constantFrom('get_operations', 'get_endorsements', 'send_operations', 'execute_read_only_call').map((method) => ({
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [Array.from({ length: 200 }, () => 'O1')] }),
    codes: [-32000],
  })),
  // deep nesting
  fc.integer({ min: 50, max: 2000 }).map((depth) => ({
    body: `{"jsonrpc":"2.0","id":1,"method":"get_addresses","params":[${'['.repeat(depth)}${']'.repeat(depth)}]}`,
    codes: [-32602],
  })),
  // oversized batches
  fc
    .integer({ min: 17, max: 40 })
    .map((n) => ({ body: JSON.stringify(Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'get_status' }))), codes: [-32010] })),
);

describe('malformed JSON-RPC requests', () => {
  it('1,000 generated malformed requests each get the right error code and the node stays up', async () => {
    const samples = fc.sample(malformed, { numRuns: 1000, seed: 42 });
    const seen = new Map<number, number>();
    for (const { body, codes } of samples) {
      const { json } = await post(body);
      const code = Array.isArray(json) ? (json[0]?.error?.code ?? 0) : (json?.error?.code ?? 0);
      expect(codes, `${body.slice(0, 120)} → ${JSON.stringify(json).slice(0, 200)}`).toContain(code);
      seen.set(code, (seen.get(code) ?? 0) + 1);
    }
    expect(seen.get(-32700)).toBeGreaterThan(0);
    expect(seen.get(-32601)).toBeGreaterThan(0);
    expect(seen.get(-32019)).toBeGreaterThan(0);
    expect((await call(devnet.urls.public, 'get_status')).chain_id).toBe(77);
  });

  it('refuses an oversized body with -32007 and HTTP 413', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_status', params: ['x'.repeat(51 * 1024 * 1024)] });
    const { status, json } = await post(body);
    expect(status).toBe(413);
    expect(json.error.code).toBe(-32007);
    expect((await call(devnet.urls.public, 'get_status')).chain_id).toBe(77);
  });
});
