import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Args, MAS, parseMas, type Slot } from '@mason/codec';
import { compileContract, DEFERRED_CALLS_SOURCE } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { deployContract } from './deployContract.js';
import { call, rpc, startTestDevnet } from './helpers.js';
import * as m from './messengerHelpers.js';

// A real contract (official massa-as-sdk 3.x) registers, cancels and handles deferred calls; the
// devnet runs them at their target slot before the slot's operations, as a node does.

const dir = mkdtempSync(join(tmpdir(), 'mason-deferred-'));
let devnet: Devnet;
let contract: Uint8Array;
let a: string; // registers the calls and handles them
let b: string; // another contract, which may not cancel a's calls

const TICK_GAS = 20_000_000n;
const STORAGE = (paramsSize: number) => 100_000n * BigInt(paramsSize + 255 + 111);
const paramsOf = (note: string) => new Args().addString(note).serialize().length;

interface Register {
  from?: string;
  target?: string;
  func?: string;
  periods?: number;
  thread?: number;
  maxGas?: bigint;
  coins?: bigint;
  note?: string;
}
const registerParam = (o: Register) =>
  new Args()
    .addString(o.target ?? a)
    .addString(o.func ?? 'tick')
    .addU64(BigInt(o.periods ?? 3))
    .addU8(o.thread ?? 0)
    .addU64(o.maxGas ?? TICK_GAS)
    .addU64(o.coins ?? 0n)
    .addString(o.note ?? 'hello')
    .serialize();

async function register(o: Register & { absolute?: boolean } = {}) {
  const { info, events } = await m.callContract(devnet, o.from ?? a, o.absolute ? 'registerAt' : 'register', registerParam(o));
  const registered = events.find((e: any) => e.data.startsWith('registered '));
  const [, id, , at] = registered ? (registered.data as string).split(' ') : [];
  const [period, thread] = at ? at.split(':').map(Number) : [];
  return { info, events, id: id!, slot: { period, thread } as Slot };
}
const idArg = (id: string) => new Args().addString(id).serialize();

beforeAll(async () => {
  devnet = await startTestDevnet({ dataDir: dir });
  contract = await compileContract(DEFERRED_CALLS_SOURCE, { flavor: 'official' });
  const alice = devnet.accounts[0]!.secretKey;
  a = await deployContract(devnet, alice, contract, 20n * MAS);
  b = await deployContract(devnet, alice, contract, MAS);
}, 120_000);
afterAll(async () => {
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('deferred calls on the devnet', () => {
  it("runs a registered call at its target slot, before the slot's operations, with its coins and id", async () => {
    const before = await m.balances(devnet, a);
    const { info, id, slot } = await register({ coins: MAS, note: 'first' });
    expect(info.op_exec_status).toBe(true);
    expect(id).toMatch(/^D/);
    // public and private APIs answer the same, from the candidate registry
    for (const url of [devnet.urls.public, devnet.urls.private]) {
      const [entry] = await call<any[]>(url, 'get_deferred_call_info', [[id]]);
      expect(entry).toEqual({
        call_id: id,
        call: {
          sender_address: a,
          target_slot: slot,
          target_address: a,
          target_function: 'tick',
          parameters: Array.from(new Args().addString('first').serialize()),
          coins: '1',
          max_gas: Number(TICK_GAS),
          fee: expect.any(String),
          cancelled: false,
        },
      });
      const [bySlot] = await call<any[]>(url, 'get_deferred_call_ids_by_slot', [[slot]]);
      expect(bySlot).toEqual({ slot, call_ids: [id] });
    }
    const [{ call: stored }] = await call<any[]>(devnet.urls.public, 'get_deferred_call_info', [[id]]);
    expect(parseMas(stored.fee)).toBe(STORAGE(paramsOf('first')));

    const [tick] = await m.finalEventsOf(devnet, a, 'tick first');
    expect(tick.data).toBe(`tick first with ${MAS} from ${a} at ${slot.period}:${slot.thread}`);
    expect(tick.context).toMatchObject({
      slot,
      deferred_call_id: id,
      call_stack: [a, a],
      origin_operation_id: null,
      async_msg_id: null,
      is_final: true,
      is_error: false,
    });
    // the call ran in the block of its slot, first: its event has the lowest index of the slot
    const [block] = await call<any[]>(devnet.urls.public, 'get_blocks', [[tick.context.block]]);
    expect(block.content.block.header.content.slot).toEqual(slot);
    expect(tick.context.index_in_slot).toBe(0);

    // gone from the registry once run
    const gone = await rpc(devnet.urls.public, 'get_deferred_call_info', [[id]]);
    expect(gone.error).toEqual({ code: -32001, message: `Internal server error: Not found: Deferred call id ${id}` });
    expect(await call<any[]>(devnet.urls.public, 'get_deferred_call_ids_by_slot', [[slot]])).toEqual([{ slot, call_ids: [] }]);
    const exists = await m.callContract(devnet, a, 'exists', idArg(id));
    expect(exists.events.map((e: any) => e.data)).toEqual(['exists false']);
    // the contract paid the price, got its coins back as target and the storage part back as sender
    const after = await m.balances(devnet, a);
    const lastKey = 100_000n * BigInt(4 + 'last'.length + id.length);
    const ticks = 100_000n * BigInt(4 + 'ticks'.length + 1);
    expect(after.final[0]).toBe(before.final[0]! - lastKey - ticks);
  });

  it('cancels: the coins come back, not the price; another contract may not cancel', async () => {
    const { id } = await register({ periods: 40, coins: 2n * MAS, note: 'cancelled' });
    const byB = await m.callContract(devnet, b, 'cancel', idArg(id));
    expect(byB.info.op_exec_status).toBe(false);
    expect(byB.events.at(-1).data).toContain(`Autonomous smart contract call error: only the caller ${a} can cancel the deferred call (cancel caller: ${b})`);
    const before = await m.balances(devnet, a);
    const cancelled = await m.callContract(devnet, a, 'cancel', idArg(id));
    expect(cancelled.info.op_exec_status).toBe(true);
    expect((await m.balances(devnet, a)).final[0]).toBe(before.final[0]! + 2n * MAS);
    const [entry] = await call<any[]>(devnet.urls.public, 'get_deferred_call_info', [[id]]);
    expect(entry.call.cancelled).toBe(true);
    const exists = await m.callContract(devnet, a, 'exists', idArg(id));
    expect(exists.events.map((e: any) => e.data)).toEqual(['exists false']);
    const again = await m.callContract(devnet, a, 'cancel', idArg(id));
    expect(again.events.at(-1).data).toContain('Call ID is already cancelled.');
    // the explorer's list (API port): every registered call, cancelled ones included, earliest first
    const listed = await call<any>(devnet.urls.api, 'mason_list_deferred_calls', [{}]);
    expect(listed.calls.find((c: any) => c.call_id === id)).toMatchObject({ call: { cancelled: true, coins: '2', target_function: 'tick' } });
    expect(listed.total_count).toBe(listed.calls.length);
    const slots = listed.calls.map((c: any) => c.call.target_slot.period * 32 + c.call.target_slot.thread);
    expect(slots).toEqual([...slots].sort((x: number, y: number) => x - y));
    expect((await rpc(devnet.urls.api, 'mason_list_deferred_calls', [{ limit: 129 }])).error).toEqual({
      code: -32000,
      message: 'Bad request: too many arguments',
    });
    expect((await rpc(devnet.urls.api, 'mason_list_deferred_calls', [{ limit: 0 }])).error?.code).toBe(-32602);
  });

  it('a failing call is rolled back with the node error event; its coins go back to the sender', async () => {
    const before = await m.balances(devnet, a, b);
    const previousLast = await m.storedValue(devnet, a, 'last');
    const { id, slot } = await register({ target: b, func: 'failing', coins: MAS / 2n, note: 'doomed' });
    const error = await m.until('the error event of the call', async () =>
      (await m.eventsOf(devnet, b, 'massa_execution_error')).find((e) => e.context.deferred_call_id === id),
    );
    expect(error.context).toMatchObject({ slot, deferred_call_id: id, is_error: true, call_stack: [a, b] });
    expect(error.data).toContain('VM Error in Deferred Call context');
    expect(error.data).toContain('deferred handler failure');
    const [written] = await m.eventsOf(devnet, b, 'about to fail');
    expect(written.context.is_error).toBe(true);
    expect(await m.storedValue(devnet, b, 'failed')).toBeNull();
    const after = await m.balances(devnet, a, b);
    expect(after.final[1]).toBe(before.final[1]);
    // a paid the price and got its coins and the storage part back: only its `last` key cost remains
    expect(after.final[0]).toBe(before.final[0]! - m.storageCost('last', previousLast, id));
  });

  it('quotes as the node: available, a full slot, a slot too far, too much gas', async () => {
    const status = await call<any>(devnet.urls.public, 'get_status');
    const far = { period: status.last_slot.period + 30, thread: 5 };
    const quote = async (target_slot: Slot, max_gas_request: bigint | number, params_size = 0) =>
      (await call<any[]>(devnet.urls.public, 'get_deferred_call_quote', [[{ target_slot, max_gas_request, params_size }]]))[0];
    expect(await quote(far, 1_000_000, 10)).toEqual({ target_slot: far, max_gas_request: 1_750_000, available: true, price: '0.0376' });
    expect(await quote(far, 999_250_001)).toMatchObject({ available: false, price: '0' });
    expect(await quote({ period: status.last_slot.period + 40_000, thread: 0 }, 1_000_000)).toMatchObject({ available: false });
    expect(await quote({ period: 1, thread: 0 }, 1_000_000)).toMatchObject({ available: false });
    // book 3 × 300,750,000 gas of the slot from a contract: 97,000,000 + 750,000 left
    for (let i = 0; i < 3; i++) {
      const booked = await register({ absolute: true, periods: far.period, thread: 5, maxGas: 300_000_000n, note: `fill-${i}` });
      expect(booked.info.op_exec_status).toBe(true);
    }
    const [filled] = await call<any[]>(devnet.urls.public, 'get_deferred_call_ids_by_slot', [[far]]);
    expect(filled.call_ids).toHaveLength(3);
    expect(await quote(filled.slot, 97_000_000)).toMatchObject({ available: true });
    expect(await quote(filled.slot, 97_000_001)).toMatchObject({ available: false, price: '0' });
    // over 50 % booked: the slot's overbooking fee comes on top of the storage cost
    const price = parseMas((await quote(filled.slot, 1_000_000)).price);
    expect(price).toBeGreaterThan(STORAGE(0));
  });

  it('answers hostile input as the node does', async () => {
    const url = devnet.urls.public;
    expect((await rpc(url, 'get_deferred_call_info', [['nope']])).error).toEqual({
      code: -32000,
      message: 'Bad request: Deserialization error: Invalid prefix for DeferredCallId: nope',
    });
    expect((await rpc(url, 'get_deferred_call_info', [['D0OIl']])).error?.message).toBe(
      'Bad request: Deserialization error: Invalid base58 string for DeferredCallId: 0OIl',
    );
    expect((await rpc(url, 'get_deferred_call_info', [[42]])).error?.code).toBe(-32602);
    expect((await rpc(url, 'get_deferred_call_info', [Array(129).fill('D1')])).error).toEqual({ code: -32000, message: 'Bad request: too many arguments' });
    expect((await rpc(url, 'get_deferred_call_ids_by_slot', [Array(129).fill({ period: 1, thread: 0 })])).error?.code).toBe(-32000);
    expect((await rpc(url, 'get_deferred_call_quote', [[{ target_slot: { period: 1, thread: 0 }, max_gas_request: 1 }]])).error?.code).toBe(-32602);
    expect((await rpc(url, 'get_deferred_call_quote', [[{ target_slot: { period: 1, thread: 0 }, max_gas_request: -1, params_size: 0 }]])).error?.code).toBe(
      -32602,
    );
    expect((await rpc(url, 'get_deferred_call_quote', [[{ target_slot: { period: 1, thread: 0 }, max_gas_request: 1.5, params_size: 0 }]])).error?.code).toBe(
      -32602,
    );
    // u64 extremes are read exactly and answered, never crash: max gas saturates, far periods are too far
    const u64Max = '18446744073709551615';
    const body = `{"jsonrpc":"2.0","id":1,"method":"get_deferred_call_quote","params":[[{"target_slot":{"period":${u64Max},"thread":255},"max_gas_request":${u64Max},"params_size":${u64Max}}]]}`;
    const answer = await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
    expect(answer).toBe(
      `{"jsonrpc":"2.0","id":1,"result":[{"target_slot":{"period":${u64Max},"thread":255},"max_gas_request":${u64Max},"available":false,"price":"0"}]}`,
    );
    expect(await call<any[]>(url, 'get_deferred_call_ids_by_slot', [[{ period: 5, thread: 200 }]])).toEqual([
      { slot: { period: 5, thread: 200 }, call_ids: [] },
    ]);
    expect((await rpc(url, 'get_deferred_call_ids_by_slot', [[{ period: 5, thread: 256 }]])).error?.code).toBe(-32602);
  });
});

describe('deferred calls across a restart', () => {
  it('keeps a registered call in the journal and runs it once after the restart', async () => {
    const { id, slot } = await register({ periods: 25, note: 'persisted' });
    expect(id).toMatch(/^D/);
    await devnet.stop();
    devnet = await startTestDevnet({ dataDir: dir });
    const [entry] = await call<any[]>(devnet.urls.public, 'get_deferred_call_info', [[id]]);
    expect(entry.call.target_slot).toEqual(slot);
    const [tick] = await m.finalEventsOf(devnet, a, 'tick persisted', 1);
    expect(tick.context).toMatchObject({ slot, deferred_call_id: id });
    expect(await m.eventsOf(devnet, a, 'tick persisted', null)).toHaveLength(1);
  }, 60_000);
});
