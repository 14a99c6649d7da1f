import { MAS, SecretKey } from '@mason/codec';
import { deployerDatastore } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { compileContract } from './compileContract.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
});
afterAll(() => devnet.stop());

const operation = async (id: string) => (await call<any[]>(devnet.urls.public, 'get_operations', [[id]]))[0];

describe('an operation whose sender cannot pay its fee plus max spending', () => {
  it('stays known (in the pool) until its sender can pay, then executes', async () => {
    const [alice] = devnet.accounts;
    const poor = SecretKey.generate();
    const poorAddress = poor.publicKey.address().toString();
    expect(
      (await waitFinal(devnet, await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: poorAddress, amount: 2n * MAS }))).op_exec_status,
    ).toBe(true);

    // A deploy through the deployer with max_coins 10 MAS: fee + max_coins > 2 MAS − 0.001.
    const deployer = await compileContract('deployer', { official: true });
    const datastore = deployerDatastore([{ bytecode: await compileContract('echo'), coins: MAS }]);
    const id = await sendOp(devnet, poor, { type: 'ExecuteSC', maxGas: 3_000_000_000n, maxCoins: 10n * MAS, bytecode: deployer, datastore });

    // The blocks of its thread go by without it (the devnet stops trying after a period of empty
    // blocks); the node's pool would have dropped it, and get_operations forgotten it.
    await nodeOf(devnet).settle(5_000);
    const waiting = await operation(id);
    expect(waiting).toMatchObject({ id, in_pool: true, in_blocks: [], op_exec_status: null });
    const [pending] = await call<any[]>(devnet.urls.public, 'get_addresses', [[poorAddress]]);
    expect(pending.created_operations).toContain(id);

    // Once the sender can pay, it is included and runs.
    await waitFinal(devnet, await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: poorAddress, amount: 20n * MAS }));
    const done = await waitFinal(devnet, id);
    expect(done).toMatchObject({ in_pool: false, op_exec_status: true });
    expect(done.in_blocks).toHaveLength(1);
    const events = await call<any[]>(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
    expect(events.map((e) => e.data)).toContainEqual(expect.stringMatching(/^Contract deployed at address: AS/));
  });

  it('is known until it expires, then forgotten even when no block comes', async () => {
    const broke = SecretKey.generate();
    const target = devnet.accounts[4]!.address;
    // The sender does not even exist: it can never pay.
    const id = await sendOp(devnet, broke, { type: 'Transaction', recipient: target, amount: MAS });
    const [{ operation: sent }] = await call<any[]>(devnet.urls.public, 'get_operations', [[id]]);
    const expire: number = sent.content.expire_period;
    const deadline = Date.now() + 45_000;
    for (;;) {
      const [info, status] = await Promise.all([operation(id), call(devnet.urls.public, 'get_status')]);
      if (!info) {
        // Forgotten only past its expiry, by the node's clock.
        expect(status.last_slot.period).toBeGreaterThan(expire);
        break;
      }
      expect(info).toMatchObject({ in_pool: true, in_blocks: [], op_exec_status: null });
      if (Date.now() > deadline) throw new Error(`operation ${id} (expire period ${expire}) still known at ${JSON.stringify(status.last_slot)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  it('is forgotten when mason_advance_slots moves the clock past its expiry', async () => {
    const id = await sendOp(devnet, SecretKey.generate(), { type: 'Transaction', recipient: devnet.accounts[4]!.address, amount: MAS });
    await nodeOf(devnet).settle(5_000);
    expect(await operation(id)).toMatchObject({ in_pool: true });
    await call(devnet.urls.private, 'mason_advance_slots', [20 * 32]);
    expect(await operation(id)).toBeUndefined();
  });
});
