import { MAS, parseMas, SecretKey } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { call, rpc, sendOp, signForDevnet, startTestDevnet, waitFinal } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

describe('devnet chain with real signed transfers', () => {
  it('reports a truthful status', async () => {
    const status = await call(devnet.urls.public, 'get_status');
    expect(status.chain_id).toBe(77);
    expect(status.minimal_fees).toBe('0.01');
    expect(status.config.thread_count).toBe(32);
    expect(status.config.t0 % 32).toBe(0);
    expect(status.version).toMatch(/^SAND\./);
    expect(status.last_slot.period).toBeGreaterThanOrEqual(1);
  });

  it('executes a transfer, shows it speculative then final, with candidate and final balances', async () => {
    const [alice] = devnet.accounts;
    const bob = SecretKey.generate().publicKey.address().toString();
    const before = BigInt(parseMas((await call(devnet.urls.public, 'get_addresses', [[alice!.address]]))[0].final_balance));
    const id = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: bob, amount: 5n * MAS });
    const info = await waitFinal(devnet, id);
    expect(info.op_exec_status).toBe(true);
    expect(info.in_pool).toBe(false);
    expect(info.in_blocks).toHaveLength(1);
    const [a, b] = await call(devnet.urls.public, 'get_addresses', [[alice!.address, bob]]);
    expect(parseMas(a.final_balance)).toBe(before - 5n * MAS - parseMas('0.01'));
    expect(parseMas(b.final_balance)).toBe(5n * MAS - parseMas('0.001'));
    const [block] = await call(devnet.urls.public, 'get_blocks', [[info.in_blocks[0]]]);
    expect(block.content.is_final).toBe(true);
    expect(block.content.block.header.content.parents).toHaveLength(32);
    expect(block.content.block.header.content.endorsements).toHaveLength(16);
    expect(block.content.block.operations).toEqual([id]);
    expect(block.content.block.header.content.slot.thread).toBe(info.thread);
  });

  it('rejects as the node does: low fee, expired, bad signature, undecodable bytes', async () => {
    const [alice] = devnet.accounts;
    const to = devnet.accounts[1]!.address;
    const low = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: to, amount: 1n }, 1n).catch((e) => e);
    expect(String(low)).toContain('-32000 Bad request: fee is too low provided: 0.000000001 , minimal_fees required: 0.01');
    const expired = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: to, amount: 1n }, parseMas('0.01'), -1).catch((e) => e);
    expect(String(expired)).toContain('-32016 Inconsistency error: Operation expire_period is lower than the current period of this node.');
    const garbage = await rpc(devnet.urls.public, 'send_operations', [
      [{ serialized_content: [1, 2], creator_public_key: alice!.publicKey, signature: '1111' }],
    ]);
    expect(garbage.error?.code).toBe(-32013);
  });

  it('cannot replay an executed operation', async () => {
    const [, alice] = devnet.accounts;
    const to = SecretKey.generate().publicKey.address().toString();
    const input = await signForDevnet(devnet, alice!.secretKey, { type: 'Transaction', recipient: to, amount: MAS });
    const [id] = await call<string[]>(devnet.urls.public, 'send_operations', [[input]]);
    await waitFinal(devnet, id!);
    const [again] = await call<string[]>(devnet.urls.public, 'send_operations', [[input]]);
    expect(again).toBe(id);
    await devnet.node.settle(5_000);
    await new Promise((r) => setTimeout(r, 50));
    const [info] = await call(devnet.urls.public, 'get_operations', [[id]]);
    expect(info.in_blocks).toHaveLength(1);
    expect(info.in_pool).toBe(false);
    const [b] = await call(devnet.urls.public, 'get_addresses', [[to]]);
    expect(parseMas(b.final_balance)).toBe(MAS - parseMas('0.001'));
  });
});
