import { Args, compareSlots, MAS, SecretKey } from '@mason/codec';
import { compileContract as compileTestContract, DEFERRED_CALLS_SOURCE } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { deployContract } from './deployContract.js';
import { call, rpc, sendOp, signForDevnet, startTestDevnet, waitFinal } from './helpers.js';
import * as m from './messengerHelpers.js';

// mason_snapshot / mason_revert on a real instant devnet: real signed operations, real compiled
// contracts (a messenger sending asynchronous messages, an official-SDK contract registering
// deferred calls), every view read back through the node's own methods.

let devnet: Devnet;
let messenger: string;
let deferred: string;
let messengerWasm: Uint8Array;
const priv = (method: string, params: unknown[] = []) => call(devnet.urls.private, method, params);
const pub = (method: string, params: unknown[] = []) => call(devnet.urls.public, method, params);

/** Everything a user can see of the chain, through the public and private APIs. */
async function views(ops: string[], blocks: string[], addresses: string[]) {
  const status = await pub('get_status');
  return {
    dump: (await priv('mason_dump_state')).state.accounts,
    asyncMessages: (await priv('mason_dump_state')).state.async_messages,
    addresses: (await pub('get_addresses', [addresses])).map((a: any) => ({ ...a, cycle_infos: undefined })),
    operations: await pub('get_operations', [ops]),
    blocks: (await pub('get_blocks', [blocks])).map((b: any) => b.id),
    events: (await pub('get_filtered_sc_output_event', [{}])).length,
    finalEvents: (await pub('get_filtered_sc_output_event', [{ is_final: true }])).length,
    lastSlot: status.last_slot,
    poolCount: status.pool_stats,
    finalOps: status.execution_stats.final_executed_operations_count,
    history: await call(devnet.urls.api, 'mason_list_operations', [{ limit: 100 }]),
  };
}

const registerParam = (note: string) =>
  new Args().addString(deferred).addString('tick').addU64(40n).addU8(0).addU64(20_000_000n).addU64(0n).addString(note).serialize();

beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
  messengerWasm = await compileContract('messenger');
  const alice = devnet.accounts[0]!.secretKey;
  messenger = await deployContract(devnet, alice, messengerWasm, 10n * MAS);
  deferred = await deployContract(devnet, alice, await compileTestContract(DEFERRED_CALLS_SOURCE, { flavor: 'official' }), 20n * MAS);
}, 120_000);
afterAll(() => devnet?.stop());

describe('mason_snapshot / mason_revert', () => {
  it('brings every view back: ledger, contracts, async messages, deferred calls, rolls, pool, blocks, operations, events, clock', async () => {
    const [alice, bob, carol] = devnet.accounts;
    const poor = SecretKey.generate();
    const fresh = SecretKey.generate().publicKey.address().toString();
    const addresses = [alice!.address, bob!.address, carol!.address, fresh, messenger, deferred, poor.publicKey.address().toString()];
    // An operation waiting in the pool at snapshot time (its sender cannot pay yet).
    const waiting = await sendOp(devnet, poor, { type: 'Transaction', recipient: fresh, amount: MAS });
    const knownBlocks = (await pub('get_operations', [[waiting]]))[0].in_blocks as string[];
    const before = await views([waiting], knownBlocks, addresses);
    expect(before.poolCount[0]).toBe(1);

    const id = await priv('mason_snapshot');
    expect(id).toMatch(/^0x[0-9a-f]+$/);

    const transfer = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient: fresh, amount: 3n * MAS });
    const transferInfo = await waitFinal(devnet, transfer);
    const deployed = await deployContract(devnet, alice!.secretKey, messengerWasm);
    const scheduled = await m.schedule(devnet, messenger, { target: messenger, startOffset: 200, length: 10, note: 'later' });
    const registered = await m.callContract(devnet, deferred, 'register', registerParam('after'));
    const callId = (registered.events.find((e: any) => e.data.startsWith('registered ')).data as string).split(' ')[1]!;
    expect(await priv('mason_set_balance', [carol!.address, '7'])).toBe(true);
    expect(await priv('mason_set_rolls', [bob!.address, 5])).toBe(true);
    expect(await priv('mason_set_datastore_entry', [messenger, [1, 2], [3]])).toBe(true);
    await devnet.setBalance(poor.publicKey.address().toString(), '10');
    expect((await waitFinal(devnet, waiting)).op_exec_status).toBe(true);
    await devnet.advanceSlots(64);
    const changedOps = [transfer, scheduled.id, registered.id];
    const changed = await views([waiting, ...changedOps], transferInfo.in_blocks, [...addresses, deployed]);
    expect(changed.dump[fresh]).toBeDefined();
    expect(changed.dump[deployed]?.bytecode).not.toBeNull();
    expect(changed.asyncMessages.length).toBe(before.asyncMessages.length + 1);
    expect((await pub('get_deferred_call_info', [[callId]]))[0].call.target_function).toBe('tick');
    expect(changed.dump[bob!.address].rolls).toBe(5);
    expect(changed.blocks).toHaveLength(1);
    expect(devnet.trace(transfer)).not.toBeNull();

    expect(await priv('mason_revert', [id])).toBe(true);

    const after = await views([waiting, ...changedOps], transferInfo.in_blocks, [...addresses, deployed]);
    expect(after.dump).toEqual(before.dump);
    expect(after.dump[fresh]).toBeUndefined();
    expect(after.dump[deployed]).toBeUndefined();
    expect(after.asyncMessages).toEqual(before.asyncMessages);
    expect(after.addresses.slice(0, addresses.length)).toEqual(before.addresses);
    // The operations sent after the snapshot are unknown again; the one waiting then waits again.
    expect(after.operations).toHaveLength(1);
    expect(after.operations[0]).toMatchObject({ id: waiting, in_pool: true, in_blocks: [], is_operation_final: null });
    expect(after.blocks).toEqual([]);
    expect(devnet.trace(transfer)).toBeNull();
    expect(after.events).toBe(before.events);
    expect(after.finalEvents).toBe(before.finalEvents);
    // The clock is back at the snapshot's time (and runs on from there).
    expect(compareSlots(after.lastSlot, before.lastSlot)).toBeGreaterThanOrEqual(0);
    expect(compareSlots(after.lastSlot, changed.lastSlot)).toBeLessThan(0);
    expect(after.poolCount).toEqual(before.poolCount);
    expect(after.finalOps).toBe(before.finalOps);
    expect(after.history).toEqual(before.history);
    expect((await pub('get_filtered_sc_output_event', [{ original_operation_id: scheduled.id }])).length).toBe(0);
    expect((await rpc(devnet.urls.public, 'get_deferred_call_info', [[callId]])).error).toBeDefined();
    // The snapshot was used: reverting to it again changes nothing.
    expect(await priv('mason_revert', [id])).toBe(false);
  }, 120_000);

  it('keeps producing after a revert: new operations finalize, a reverted operation may be sent again', async () => {
    const [alice] = devnet.accounts;
    const recipient = SecretKey.generate().publicKey.address().toString();
    const input = await signForDevnet(devnet, alice!.secretKey, { type: 'Transaction', recipient, amount: 2n * MAS });
    const id = await devnet.snapshot();
    const [op] = await pub('send_operations', [[input]]);
    await waitFinal(devnet, op);
    expect(await devnet.revert(id)).toBe(true);
    expect((await pub('get_addresses', [[recipient]]))[0].final_balance).toBe('0');
    // Not a replay any more: its execution was reverted.
    const [again] = await pub('send_operations', [[input]]);
    expect(again).toBe(op);
    expect((await waitFinal(devnet, op)).op_exec_status).toBe(true);
    const other = await sendOp(devnet, alice!.secretKey, { type: 'Transaction', recipient, amount: MAS });
    expect((await waitFinal(devnet, other)).op_exec_status).toBe(true);
    expect((await pub('get_addresses', [[recipient]]))[0].final_balance).toBe('2.999');
    expect((await m.callContract(devnet, messenger, 'touch', new Args().addString('k').serialize())).info.op_exec_status).toBe(true);
  }, 60_000);

  it('nests: reverting to a snapshot removes it and every later one, earlier ones stay', async () => {
    const target = SecretKey.generate().publicKey.address().toString();
    const balance = async () => (await pub('get_addresses', [[target]]))[0].final_balance;
    const first = await devnet.snapshot();
    await devnet.setBalance(target, '1');
    const second = await devnet.snapshot();
    await devnet.setBalance(target, '2');
    const third = await devnet.snapshot();
    await devnet.setBalance(target, '3');
    expect(new Set([first, second, third]).size).toBe(3);

    expect(await devnet.revert(second)).toBe(true);
    expect(await balance()).toBe('1');
    expect(await devnet.revert(third)).toBe(false);
    expect(await devnet.revert(second)).toBe(false);
    await devnet.setBalance(target, '4');
    const fourth = await devnet.snapshot();
    expect([first, second, third]).not.toContain(fourth);
    await devnet.setBalance(target, '5');
    expect(await devnet.revert(fourth)).toBe(true);
    expect(await balance()).toBe('4');
    expect(await devnet.revert(first)).toBe(true);
    expect(await balance()).toBe('0');
    expect((await priv('mason_dump_state')).state.accounts[target]).toBeUndefined();
    expect(await devnet.revert(first)).toBe(false);
  });

  it('puts the clock back to the snapshot time', async () => {
    const id = await devnet.snapshot();
    const before = await pub('get_status');
    await devnet.advanceSlots(320);
    expect((await pub('get_status')).last_slot.period).toBeGreaterThanOrEqual(before.last_slot.period + 10);
    await devnet.revert(id);
    const after = await pub('get_status');
    expect(after.last_slot.period).toBeLessThan(before.last_slot.period + 10);
    expect(after.current_time).toBeLessThan(before.current_time + 5 * 60_000);
  });

  it('refuses hostile input: wrong types and counts with -32602, unknown ids with false, the public API with -32019', async () => {
    for (const params of [[42], [null], [{}], [], ['0x1', '0x2']]) {
      expect((await rpc(devnet.urls.private, 'mason_revert', params)).error?.code, JSON.stringify(params)).toBe(-32602);
    }
    expect((await rpc(devnet.urls.private, 'mason_snapshot', [1])).error?.code).toBe(-32602);
    for (const id of ['', '0x0', '0xffffff', 'snapshot', '1'.repeat(10_000)]) expect(await priv('mason_revert', [id])).toBe(false);
    expect((await rpc(devnet.urls.public, 'mason_snapshot', [])).error?.code).toBe(-32019);
    expect((await rpc(devnet.urls.public, 'mason_revert', ['0x1'])).error?.code).toBe(-32019);
    // In process: a typed error.
    await expect(devnet.revert(42 as unknown as string)).rejects.toMatchObject({ code: 'MASON_DEVNET_STATE_ARGUMENT' });
    await expect(devnet.revert(42 as unknown as string)).rejects.toThrow(/revert: the snapshot id must be a string/);
  });
});
