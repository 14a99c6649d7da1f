import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Args, MAS, nextSlot, type Slot } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { compileContract } from './compileContract.js';
import { deployContract } from './deployContract.js';
import { call, startTestDevnet } from './helpers.js';
import * as m from './messengerHelpers.js';

// Real contracts send asynchronous messages through send_message (the SDK's asyncCall); the devnet
// keeps them in its async pool and runs them in the slots they become valid, as a node does.

let devnet: Devnet;
let messenger: Uint8Array;
let sender: string; // sends the messages, pays their coins and fees
let receiver: string; // handles them

const schedule = (s: Partial<m.Schedule> = {}) => m.schedule(devnet, sender, { target: receiver, ...s });
const callContract = (target: string, func: string, param: Uint8Array) => m.callContract(devnet, target, func, param);
const balances = (...addresses: string[]) => m.balances(devnet, ...addresses);
const finalEventsOf = (emitter: string, text: string, count = 1) => m.finalEventsOf(devnet, emitter, text, count);
const storedValue = (address: string, key: string) => m.storedValue(devnet, address, key);
const { until, scheduledAt, plus, storageCost } = m;

beforeAll(async () => {
  devnet = await startTestDevnet();
  messenger = await compileContract('messenger');
  const alice = devnet.accounts[0]!.secretKey;
  sender = await deployContract(devnet, alice, messenger, 10n * MAS);
  receiver = await deployContract(devnet, alice, messenger, MAS);
}, 60_000);
afterAll(() => devnet?.stop());

describe('asynchronous messages on the devnet', () => {
  it('runs the handler in the slot it becomes valid, with its coins and the message context', async () => {
    const coins = MAS / 2n;
    const fee = 1_000_000n;
    const before = await balances(sender, receiver);
    const previous = await storedValue(receiver, 'received');
    const { info, events } = await schedule({ coins, fee, note: 'hello' });
    expect(info.op_exec_status).toBe(true);
    const emission = scheduledAt(events);
    // coins and fee leave the sender at emission
    expect((await balances(sender)).candidate[0]).toBe(before.candidate[0]! - coins - fee);

    const [received] = await finalEventsOf(receiver, 'received hello-0');
    const start = plus(emission, 3);
    expect(received.data).toBe(`received hello-0 with ${coins} at ${start.period}:${start.thread} from ${sender} origin none`);
    expect(received.context).toMatchObject({
      slot: start,
      call_stack: [sender, receiver],
      origin_operation_id: null,
      read_only: false,
      is_error: false,
      is_final: true,
      // fee 0.001 MAS / max gas 10,000,000 = 1/10, emission slot, first message of its slot
      async_msg_id: [[1, 10], emission, 0],
    });
    expect(received.context.block).toMatch(/^B/);
    const [block] = await call<any[]>(devnet.urls.public, 'get_blocks', [[received.context.block]]);
    expect(block.content.block.header.content.slot).toEqual(start);

    expect(await storedValue(receiver, 'received')).toBe('hello-0');
    const after = await balances(sender, receiver);
    expect(after.final[1]).toBe(before.final[1]! + coins - storageCost('received', previous, 'hello-0'));
    // the fee is burned, not refunded
    expect(after.final[0]).toBe(before.final[0]! - coins - fee);
  });

  it('refunds the coins of a message that expires without running, never its fee', async () => {
    const coins = MAS / 4n;
    const fee = 2_000_000n;
    const before = await balances(sender);
    // A trigger on a key nobody writes: the message waits for it until its validity end.
    const { info, events } = await schedule({ coins, fee, note: 'never', startOffset: 1, length: 2, filterAddress: receiver, filterKey: 'never written' });
    expect(info.op_exec_status).toBe(true);
    const end = plus(scheduledAt(events), 3);
    expect((await balances(sender)).candidate[0]).toBe(before.candidate[0]! - coins - fee);
    const refunded = await until('the refund', async () => {
      const { final } = await balances(sender);
      return final[0] === before.final[0]! - fee ? final[0] : undefined;
    });
    expect(refunded).toBe(before.final[0]! - fee);
    // refunded in the slot after the validity end, by a block produced for it
    const expiry = await call<any>(devnet.urls.public, 'get_blockclique_block_by_slot', [nextSlot(end)]);
    expect(expiry.header.content.slot).toEqual(nextSlot(end));
    const ran = await call<any[]>(devnet.urls.public, 'get_filtered_sc_output_event', [{ emitter_address: receiver }]);
    expect(ran.some((e) => e.data.includes('never-0'))).toBe(false);
    expect(nodeOf(devnet).candidateLedger.asyncPool.size).toBe(0);
  });

  it('runs a message to itself once the datastore key of its filter is written', async () => {
    const { info } = await schedule({ target: sender, note: 'triggered', startOffset: 0, length: 200, filterAddress: sender, filterKey: 'flag' });
    expect(info.op_exec_status).toBe(true);
    // nothing runs before the trigger, even though the window is open
    await new Promise((resolve) => setTimeout(resolve, 200));
    let events = await call<any[]>(devnet.urls.public, 'get_filtered_sc_output_event', [{ emitter_address: sender }]);
    expect(events.some((e) => e.data.includes('triggered-0'))).toBe(false);

    const touched = await callContract(sender, 'touch', new Args().addString('flag').serialize());
    expect(touched.info.op_exec_status).toBe(true);
    events = await finalEventsOf(sender, 'received triggered-0');
    const touchSlot: Slot = (await call<any[]>(devnet.urls.public, 'get_blocks', [touched.info.in_blocks]))[0].content.block.header.content.slot;
    // activated when its slot settles, run in the next slot
    expect(events[0].context.slot).toEqual(nextSlot(touchSlot));
    expect(events[0].context.call_stack).toEqual([sender, sender]);
  });

  it('refunds the coins and emits the node error event when the handler fails', async () => {
    const coins = MAS / 5n;
    const fee = 1_000_000n;
    const before = await balances(sender, receiver);
    const stored = await storedValue(receiver, 'received');
    const { events } = await schedule({ handler: 'failing', coins, fee, startOffset: 1 });
    const emission = scheduledAt(events);
    const [error] = await finalEventsOf(receiver, 'massa_execution_error');
    const failed = (await call<any[]>(devnet.urls.public, 'get_filtered_sc_output_event', [{ emitter_address: receiver, is_error: true }])).filter(
      (e) => e.context.slot.period === error.context.slot.period && e.context.slot.thread === error.context.slot.thread,
    );
    expect(failed.map((e) => e.data)).toEqual(['about to fail', error.data]);
    const message = JSON.parse(error.data).massa_execution_error as string;
    expect(message).toMatch(/^VM Error in Asynchronous Message context: VM execution error: RuntimeError: Runtime error: error: handler failed at /);
    expect(error.context).toMatchObject({
      slot: plus(emission, 1),
      call_stack: [sender, receiver],
      origin_operation_id: null,
      is_error: true,
      async_msg_id: [[1, 10], emission, 0],
    });
    // rolled back: the handler's write is gone, its coins went back to the sender
    expect(await storedValue(receiver, 'received')).toBe(stored);
    const after = await until('the failure to be final', async () => {
      const b = await balances(sender, receiver);
      return b.final[0] === b.candidate[0] ? b : undefined;
    });
    expect(after.final[0]).toBe(before.final[0]! - fee);
    expect(after.final[1]).toBe(before.final[1]);
  });

  it('runs the best fee per gas first, and what does not fit a slot’s gas in the next slot', async () => {
    // 3,000,000,000 + 1,000,000 gas each: a slot without operations offers 1,000,000,000 + 4,294,967,295.
    const { events } = await schedule({ note: 'big', count: 2, maxGas: 3_000_000_000n, fee: 1_000n, startOffset: 2 });
    const emission = scheduledAt(events);
    const received = await finalEventsOf(receiver, 'received big', 2);
    // the second message (fee 1,001) outbids the first (fee 1,000)
    expect(received.map((e) => e.data.split(' ')[1])).toEqual(['big-1', 'big-0']);
    expect(received[0].context.slot).toEqual(plus(emission, 2));
    expect(received[1].context.slot).toEqual(nextSlot(plus(emission, 2)));
    expect(received[0].context.async_msg_id).toEqual([[1001, 3_000_000_000], emission, 1]);
    expect(received[1].context.async_msg_id).toEqual([[1, 3_000_000], emission, 0]);
  });

  it('fails the sending operation when the sender cannot pay, or max gas is below the minimum', async () => {
    const { final } = await balances(sender);
    const poor = await schedule({ coins: final[0]! + 1n, note: 'poor' });
    expect(poor.info.op_exec_status).toBe(false);
    expect(JSON.parse(poor.events.at(-1).data).massa_execution_error).toMatch(
      /failed to transfer .* coins from spending address AS\w+ due to insufficient balance/,
    );
    const cheap = await schedule({ maxGas: 2_099_999n, note: 'cheap' });
    expect(cheap.info.op_exec_status).toBe(false);
    expect(JSON.parse(cheap.events.at(-1).data).massa_execution_error).toContain('max gas is lower than the minimum instance cost');
    expect((await balances(sender)).final[0]).toBe(final[0]);
    expect(nodeOf(devnet).candidateLedger.asyncPool.size).toBe(0);
  });

  it('stays idle once the pool is empty and every block is final', async () => {
    await until('the devnet to settle', async () => (nodeOf(devnet).isSettled && nodeOf(devnet).nextProductionSlot === null ? true : undefined));
    expect(nodeOf(devnet).candidateLedger.asyncPool.size).toBe(0);
    expect(nodeOf(devnet).finalLedger.asyncPool.size).toBe(0);
    const last = nodeOf(devnet).lastProducedSlot;
    // 20 slots of 16 ms go by without a block
    await new Promise((resolve) => setTimeout(resolve, 20 * (nodeOf(devnet).config.t0 / 32)));
    expect(nodeOf(devnet).lastProducedSlot).toEqual(last);
    expect(nodeOf(devnet).nextProductionSlot).toBeNull();
    expect(nodeOf(devnet).productionErrors).toEqual([]);
  });
});

describe('a message valid months from now', () => {
  it('waits without producing blocks (setTimeout cannot wait that long: the devnet comes back to look)', async () => {
    const startOffset = 5_000_000; // periods of 512 ms: about 30 days
    const { info, events } = await schedule({ note: 'later', startOffset });
    expect(info.op_exec_status).toBe(true);
    const start = plus(scheduledAt(events), startOffset);
    await until('the devnet to settle', async () => (nodeOf(devnet).isSettled ? true : undefined));
    const last = nodeOf(devnet).lastProducedSlot;
    await new Promise((resolve) => setTimeout(resolve, 10 * (nodeOf(devnet).config.t0 / 32)));
    expect(nodeOf(devnet).lastProducedSlot).toEqual(last);
    expect(nodeOf(devnet).nextProductionSlot).toEqual(start);
    expect(nodeOf(devnet).candidateLedger.asyncPool.size).toBe(1);
    expect(nodeOf(devnet).productionErrors).toEqual([]);
  });
});

describe('the async pool across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mason-async-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a pending message in the final state, runs it once after the restart, and forgets it', async () => {
    const first = await startTestDevnet({ dataDir: dir });
    let from: string;
    let to: string;
    let emission: Slot;
    try {
      const alice = first.accounts[0]!.secretKey;
      from = await deployContract(first, alice, messenger, 2n * MAS);
      to = await deployContract(first, alice, messenger, MAS);
      const sent = await m.schedule(first, from, { target: to, note: 'persisted', startOffset: 6, coins: MAS / 10n });
      expect(sent.info.op_exec_status).toBe(true);
      emission = m.scheduledAt(sent.events);
      expect(nodeOf(first).finalLedger.asyncPool.size).toBe(1);
    } finally {
      await first.stop();
    }

    const second = await startTestDevnet({ dataDir: dir });
    try {
      // read back from the final blocks' changes, in both states
      expect(nodeOf(second).finalLedger.asyncPool.size).toBe(1);
      expect(nodeOf(second).candidateLedger.asyncPool.size).toBe(1);
      const [received] = await m.finalEventsOf(second, to, 'received persisted-0');
      expect(received.context.slot).toEqual(m.plus(emission, 6));
      expect(received.context.async_msg_id).toEqual([[1, 10], emission, 0]);
      await until('the pool to be empty and final', async () =>
        nodeOf(second).finalLedger.asyncPool.size === 0 && nodeOf(second).isSettled ? true : undefined,
      );
    } finally {
      await second.stop();
    }

    const third = await startTestDevnet({ dataDir: dir });
    try {
      expect(nodeOf(third).finalLedger.asyncPool.size).toBe(0);
      expect(await m.storedValue(third, to, 'received')).toBe('persisted-0');
      // its event is final history; the message does not run again
      expect(await m.eventsOf(third, to, 'received persisted-0', null)).toHaveLength(1);
      expect(nodeOf(third).nextProductionSlot).toBeNull();
    } finally {
      await third.stop();
    }
  });
});
