import { MAS, SecretKey } from '@mason/codec';
import { deployerDatastore } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
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
    await devnet.node.settle(5_000);
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
});
