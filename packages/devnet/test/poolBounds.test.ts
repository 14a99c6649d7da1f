import { MAS, SecretKey, parseMas, signOperation, toSendOperationInput } from '@mason/codec';
import { afterEach, describe, expect, it } from 'vitest';
import { devnetStakerKey, type Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { call, rpc, sendOp, signForDevnet, startTestDevnet, waitFinal } from './helpers.js';

// The pool keeps only what can be included, within bounds; an operation valid only later does
// not keep the chain producing blocks; get_addresses is bounded.

let devnet: Devnet | undefined;
afterEach(async () => {
  await devnet?.stop();
  devnet = undefined;
});

const transfer = (to: string, amount = MAS) => ({ type: 'Transaction' as const, recipient: to, amount });

describe('operation pool bounds', () => {
  it('refuses an operation whose validity starts beyond what the pool looks ahead to, and accepts one within it', async () => {
    devnet = await startTestDevnet();
    const [alice, bob] = devnet.accounts;
    // t0 512 ms: the pool looks 50 s + 2·t0 ahead, about 99 periods, plus the 10 of the validity window.
    const far = await signForDevnet(devnet, alice!.secretKey, transfer(bob!.address), undefined, 1_000);
    const refused = await rpc(devnet.urls.public, 'send_operations', [[far]]);
    expect(refused.error?.code).toBe(-32016);
    expect(refused.error?.message).toMatch(
      /^Inconsistency error: Operation O\w+ has expire_period \d+: its validity starts at period \d+, beyond the periods this node's pool looks ahead to \(up to \d+\)\. Send it again later, or use an expire_period of at most \d+\.$/,
    );
    expect(nodeOf(devnet).pool.size).toBe(0);
    expect(await call(devnet.urls.public, 'get_operations', [[toOperationId(refused)]])).toEqual([]);

    const near = await sendOp(devnet, alice!.secretKey, transfer(bob!.address), undefined, 50);
    expect(nodeOf(devnet).pool.has(near)).toBe(true);
  });

  it('produces no block for an operation until its validity starts (idle means idle)', async () => {
    devnet = await startTestDevnet({ t0: 64 });
    const [alice, bob] = devnet.accounts;
    const blocks: Array<{ period: number; operations: number }> = [];
    nodeOf(devnet).on('block', (block) => blocks.push({ period: block.slot.period, operations: block.operations.length }));
    const status = await call(devnet.urls.public, 'get_status');
    // valid from 30 periods on (about 2 s at t0 64 ms)
    const input = toSendOperationInput(
      signOperation({ fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 40, op: transfer(bob!.address) }, alice!.secretKey, 77n),
    );
    const [id] = await call<string[]>(devnet.urls.public, 'send_operations', [[input]]);
    const info = await waitFinal(devnet, id!);
    const [block] = await call(devnet.urls.public, 'get_blocks', [info.in_blocks]);
    const includedAt = block.content.block.header.content.slot.period;
    expect(includedAt).toBeGreaterThanOrEqual(status.last_slot.period + 30);
    // The block holding it is the first one produced; only blocks finalizing it follow.
    expect(blocks[0]).toEqual({ period: includedAt, operations: 1 });
    expect(blocks.every((b) => b.period >= includedAt)).toBe(true);
  });

  it('refuses a whole call that does not fit in a full pool, with the node error, and pools nothing of it', async () => {
    devnet = await startTestDevnet({ maxOperationPoolSize: 3 });
    await nodeOf(devnet).stop(); // nothing leaves the pool while the test fills it
    const [alice, bob] = devnet.accounts;
    const inputs = await Promise.all([1n, 2n, 3n, 4n].map((n) => signForDevnet(devnet!, alice!.secretKey, transfer(bob!.address, n * MAS))));
    const refused = await rpc(devnet.urls.public, 'send_operations', [inputs]);
    expect(refused.error?.code).toBe(-32001);
    expect(refused.error?.message).toBe(
      'Internal server error: Failed to add operations to pool: the pool is full (0 operations, 0 bytes waiting; this devnet keeps at most 3 operations and 134217728 bytes). Send them again once pending operations are included.',
    );
    expect(nodeOf(devnet).pool.size).toBe(0);
    const ids = await call<string[]>(devnet.urls.public, 'send_operations', [inputs.slice(0, 3)]);
    expect(ids).toHaveLength(3);
    // Sending what is already pooled again needs no room.
    expect(await call<string[]>(devnet.urls.public, 'send_operations', [inputs.slice(0, 3)])).toEqual(ids);
    expect((await rpc(devnet.urls.public, 'send_operations', [[inputs[3]]])).error?.code).toBe(-32001);
    expect(nodeOf(devnet).pool.size).toBe(3);
    // Once included, there is room again.
    nodeOf(devnet).start();
    for (const id of ids) await waitFinal(devnet, id);
    expect(await call<string[]>(devnet.urls.public, 'send_operations', [[inputs[3]]])).toHaveLength(1);
  });

  it('bounds the pool in bytes too', async () => {
    devnet = await startTestDevnet({ maxOperationPoolBytes: 1_000 });
    await nodeOf(devnet).stop();
    const [alice] = devnet.accounts;
    const deploy = (size: number) =>
      signForDevnet(devnet!, alice!.secretKey, { type: 'ExecuteSC', bytecode: new Uint8Array(size), maxGas: 10_000_000n, maxCoins: 0n, datastore: [] });
    expect((await rpc(devnet.urls.public, 'send_operations', [[await deploy(600), await deploy(601)]])).error?.code).toBe(-32001);
    expect(await call<string[]>(devnet.urls.public, 'send_operations', [[await deploy(600)]])).toHaveLength(1);
    expect(nodeOf(devnet).pool.bytes).toBeGreaterThan(600);
  });

  it('refuses an operation larger than a block, which no block could ever hold', async () => {
    devnet = await startTestDevnet();
    const [alice] = devnet.accounts;
    const input = await signForDevnet(devnet, alice!.secretKey, {
      type: 'ExecuteSC',
      bytecode: new Uint8Array(300_001),
      maxGas: 10_000_000n,
      maxCoins: 0n,
      datastore: [],
    });
    const refused = await rpc(devnet.urls.public, 'send_operations', [[input]]);
    expect(refused.error?.code).toBe(-32016);
    expect(refused.error?.message).toMatch(
      /^Inconsistency error: Operation O\w+ is 3001\d\d bytes, above the maximum block size of 300000 bytes\. Your operation will never be included in a block\.$/,
    );
    expect(nodeOf(devnet).pool.size).toBe(0);
    expect(nodeOf(devnet).isSettled).toBe(true);
  });
});

describe('get_addresses bounds', () => {
  it('answers up to 128 addresses and refuses more with the node error for too many arguments', async () => {
    devnet = await startTestDevnet();
    const addresses = Array.from({ length: 129 }, () => SecretKey.generate().publicKey.address().toString());
    const refused = await rpc(devnet.urls.public, 'get_addresses', [addresses]);
    expect(refused.error).toEqual({ code: -32000, message: 'Bad request: too many arguments' });
    expect(await call(devnet.urls.public, 'get_addresses', [addresses.slice(0, 128)])).toHaveLength(128);
  });

  it("lists the staker's blocks, endorsements and the senders' operations, in order", async () => {
    devnet = await startTestDevnet();
    const [alice, bob] = devnet.accounts;
    const ids = [];
    for (let i = 1n; i <= 3n; i++) ids.push(await sendOp(devnet, alice!.secretKey, transfer(bob!.address, i * MAS)));
    for (const id of ids) await waitFinal(devnet, id);
    const staker = devnetStakerKey().publicKey.address().toString();
    const [stakerInfo, aliceInfo] = await call(devnet.urls.public, 'get_addresses', [[staker, alice!.address]]);
    expect(aliceInfo.created_operations).toEqual(ids);
    expect(aliceInfo.created_endorsements).toEqual([]);
    const produced = [...nodeOf(devnet).graph.records.values()].filter((r) => r.block.slot.period > 0);
    expect(stakerInfo.created_blocks).toEqual(produced.map((r) => r.block.id));
    expect(stakerInfo.created_endorsements).toEqual(produced.flatMap((r) => r.block.endorsements.map((e) => e.id)));
    expect(stakerInfo.cycle_infos[0].ok_count).toBe(produced.length);
  });
});

function toOperationId(response: { error?: { message: string } }): string {
  return /Operation (O\w+)/.exec(response.error!.message)![1]!;
}
