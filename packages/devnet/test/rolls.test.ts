import { MAS, parseMas } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(() => devnet.stop());

describe('rolls and failing operations', () => {
  it('buys rolls, sells them into a deferred credit', async () => {
    const [, , carol] = devnet.accounts;
    const buy = await waitFinal(devnet, await sendOp(devnet, carol!.secretKey, { type: 'RollBuy', rollCount: 3n }));
    expect(buy.op_exec_status).toBe(true);
    let [info] = await call(devnet.urls.public, 'get_addresses', [[carol!.address]]);
    expect(info.final_roll_count).toBe(3);
    expect(parseMas(info.final_balance)).toBe(parseMas('1000000') - 300n * MAS - parseMas('0.01'));
    // Rolls count for staking three cycles later (the node's PoS lookback), not at once.
    expect((await call(devnet.urls.public, 'get_stakers')).map(([a]: [string]) => a)).not.toContain(carol!.address);
    expect(nodeOf(devnet).activeRolls(3)).toContainEqual([carol!.address, 3]);
    const sell = await waitFinal(devnet, await sendOp(devnet, carol!.secretKey, { type: 'RollSell', rollCount: 2n }));
    expect(sell.op_exec_status).toBe(true);
    [info] = await call(devnet.urls.public, 'get_addresses', [[carol!.address]]);
    expect(info.final_roll_count).toBe(1);
    expect(info.deferred_credits).toEqual([{ slot: { period: 4 * 128 - 1, thread: 31 }, amount: '200' }]);
  });

  it('a failing operation keeps its fee, changes nothing else, and emits the node error event', async () => {
    const [, , , dave] = devnet.accounts;
    const [before] = await call(devnet.urls.public, 'get_addresses', [[dave!.address]]);
    const id = await sendOp(devnet, dave!.secretKey, { type: 'RollSell', rollCount: 5n });
    const info = await waitFinal(devnet, id);
    expect(info.op_exec_status).toBe(false);
    const [after] = await call(devnet.urls.public, 'get_addresses', [[dave!.address]]);
    expect(parseMas(after.final_balance)).toBe(parseMas(before.final_balance) - parseMas('0.01'));
    const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
    expect(events).toHaveLength(1);
    expect(events[0].context).toMatchObject({ is_error: true, is_final: true, origin_operation_id: id, call_stack: [dave!.address], read_only: false });
    // execution.rs (execute_roll_sell_op): "{} failed to sell {} rolls: {}" as a RollSellError, around
    // speculative_roll_state.rs's RollSellError "{} tried to sell {} rolls but only has {}".
    expect(JSON.parse(events[0].data).massa_execution_error).toBe(
      `Runtime error: runtime error when executing operation ${id}: \`RollSell\` error: ${dave!.address} failed to sell 5 rolls: \`RollSell\` error: ${dave!.address} tried to sell 5 rolls but only has 0`,
    );
    expect(await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id, is_error: false }])).toEqual([]);
    expect(await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ emitter_address: dave!.address, is_final: true }])).toHaveLength(1);
  });
});
