import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Account, Args, JsonRpcProvider, OperationStatus, SmartContract } from '@massalabs/massa-web3';
import { compareSlots, MAS, nextSlot, parseMas, SecretKey, signOperation, slotAt, slotTimestamp, toSendOperationInput, type Slot } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { compileContract } from './compileContract.js';
import { deployContract } from './deployContract.js';
import { call, rpc, sendOp, startTestDevnet, waitFinal } from './helpers.js';
import * as m from './messengerHelpers.js';

// Instant mode: an operation is included in the next slot of its thread and made final at once,
// the node's clock jumping forward to those slots. Everything stays a real chain: signed blocks
// with endorsements, the fitness rule, and one clock that get_status, blocks and contracts share.

let devnet: Devnet;
let clock: string;

const timing = () => nodeOf(devnet).timing();
const status = () => call(devnet.urls.public, 'get_status');
const blockSlot = async (id: string): Promise<Slot> => (await call<any[]>(devnet.urls.public, 'get_blocks', [[id]]))[0].content.block.header.content.slot;
const transferTo = (from: number, to: string, amount = MAS) => sendOp(devnet, devnet.accounts[from]!.secretKey, { type: 'Transaction', recipient: to, amount });
const newAddress = () => SecretKey.generate().publicKey.address().toString();

/** The first slot of `thread` at or after `from`. */
function firstSlotOfThread(from: Slot, thread: number): Slot {
  return thread >= from.thread ? { period: from.period, thread } : { period: from.period + 1, thread };
}

let tells = 0;

/** Calls the clock contract's `tell` as account 1; returns what the contract saw and the event's slot. */
async function tell(): Promise<{ timestamp: number; period: number; thread: number; slot: Slot }> {
  // a different parameter each time (ignored by `tell`): two identical operations are one operation
  const param = Uint8Array.of(tells++);
  const id = await sendOp(devnet, devnet.accounts[1]!.secretKey, { type: 'CallSC', maxGas: 10_000_000n, coins: 0n, target: clock, func: 'tell', param });
  const info = await waitFinal(devnet, id);
  expect(info.op_exec_status).toBe(true);
  const [event] = await call<any[]>(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id, is_final: true }]);
  const [timestamp, period, thread] = (event.data as string).split(' ').map(Number) as [number, number, number];
  return { timestamp, period, thread, slot: event.context.slot };
}

beforeAll(async () => {
  devnet = await startTestDevnet({ instant: true });
  clock = await deployContract(devnet, devnet.accounts[0]!.secretKey, await compileContract('clock'));
}, 60_000);
afterAll(() => devnet?.stop());

describe('instant mode', () => {
  it('includes a transfer in the next slot of its thread and finalizes it with one more block', async () => {
    await nodeOf(devnet).settle(5_000);
    const before = nodeOf(devnet).lastProducedSlot;
    const blocksBefore = nodeOf(devnet).graph.records.size;
    const recipient = newAddress();
    let arrivedAt: Slot | undefined;
    const onArrival = () => (arrivedAt = nodeOf(devnet).currentSlot());
    nodeOf(devnet).once('operation', onArrival);
    const id = await transferTo(0, recipient, 3n * MAS);
    const info = await waitFinal(devnet, id);
    expect(info.op_exec_status).toBe(true);
    const slot = await blockSlot(info.in_blocks[0]);
    // the first slot of its thread after the last block, or after the node's clock when it is later
    // (the clock follows the wall clock too: on a loaded machine it can pass that slot before the block is made)
    const from = compareSlots(arrivedAt!, before) > 0 ? arrivedAt! : nextSlot(before);
    const first = firstSlotOfThread(from, info.thread);
    expect(slot.thread).toBe(info.thread);
    expect(compareSlots(slot, first)).toBeGreaterThanOrEqual(0);
    expect(slot.period).toBeLessThanOrEqual(first.period + 1);
    // one fully endorsed descendant (fitness 17 > delta_f0 16) and nothing more
    expect(compareSlots(nodeOf(devnet).lastProducedSlot, slot)).toBeGreaterThan(0);
    expect(nodeOf(devnet).graph.records.size - blocksBefore).toBe(2);
    const [block] = await call<any[]>(devnet.urls.public, 'get_blocks', [[info.in_blocks[0]]]);
    expect(block.content.is_final).toBe(true);
    expect(block.content.block.header.content.endorsements).toHaveLength(16);
    expect(block.content.block.header.content.parents).toHaveLength(32);
    const [account] = await call<any[]>(devnet.urls.public, 'get_addresses', [[recipient]]);
    expect(parseMas(account.final_balance)).toBe(3n * MAS - parseMas('0.001'));
  });

  it('gives contracts the timestamp and period of their slot, consistent with get_status', async () => {
    const first = await tell();
    expect(first.slot).toEqual({ period: first.period, thread: first.thread });
    expect(first.timestamp).toBe(slotTimestamp(first.slot, timing()));
    const afterFirst = await status();
    expect(compareSlots(afterFirst.last_slot, first.slot)).toBeGreaterThanOrEqual(0);
    expect(afterFirst.current_time).toBeGreaterThanOrEqual(first.timestamp);
    const second = await tell();
    expect(second.timestamp).toBeGreaterThan(first.timestamp);
    expect(compareSlots(second.slot, first.slot)).toBeGreaterThan(0);
  });

  it('never moves the clock, the slots or the cursors backwards', async () => {
    let previous = await status();
    let lastBlock: Slot = { period: 0, thread: 0 };
    for (let i = 0; i < 8; i++) {
      const info = await waitFinal(devnet, await transferTo(i % 3, newAddress()));
      const slot = await blockSlot(info.in_blocks[0]);
      expect(compareSlots(slot, lastBlock)).toBeGreaterThan(0);
      lastBlock = slot;
      const now = await status();
      expect(now.current_time).toBeGreaterThanOrEqual(previous.current_time);
      expect(now.last_slot).toEqual(slotAt(now.current_time, { genesisTimestamp: now.config.genesis_timestamp, t0: now.config.t0, threadCount: 32 }));
      expect(compareSlots(now.last_slot, previous.last_slot)).toBeGreaterThanOrEqual(0);
      expect(compareSlots(now.last_slot, slot)).toBeGreaterThan(0);
      expect(compareSlots(now.execution_stats.active_cursor, now.last_slot)).toBeLessThanOrEqual(0);
      expect(compareSlots(now.execution_stats.final_cursor, slot)).toBeGreaterThanOrEqual(0);
      expect(now.config.genesis_timestamp).toBe(previous.config.genesis_timestamp);
      previous = now;
    }
    // the clock ran ahead of the wall clock to reach those slots, as get_status says
    expect(previous.current_time).toBeGreaterThan(Date.now() - 1_000);
    expect(nodeOf(devnet).clockOffset).toBeGreaterThan(0);
  });

  it('finalizes operations sent in one call together, sharing blocks', async () => {
    await nodeOf(devnet).settle(5_000);
    const blocksBefore = nodeOf(devnet).graph.records.size;
    const { last_slot, chain_id } = await status();
    const recipients = Array.from({ length: 60 }, newAddress);
    const inputs = recipients.map((recipient, i) =>
      toSendOperationInput(
        signOperation(
          { fee: parseMas('0.01'), expirePeriod: last_slot.period + 9, op: { type: 'Transaction', recipient, amount: MAS } },
          devnet.accounts[i % 6]!.secretKey,
          BigInt(chain_id),
        ),
      ),
    );
    const ids = await call<string[]>(devnet.urls.public, 'send_operations', [inputs]);
    const infos = await Promise.all(ids.map((id) => waitFinal(devnet, id)));
    expect(infos.every((info) => info.op_exec_status === true)).toBe(true);
    // one block per sender's thread, and what makes the last one final
    expect(new Set(infos.map((info) => info.in_blocks[0])).size).toBe(new Set(infos.map((info) => info.thread)).size);
    expect(nodeOf(devnet).graph.records.size - blocksBefore).toBeLessThanOrEqual(7);
    const balances = await call<any[]>(devnet.urls.public, 'get_addresses', [recipients]);
    expect(balances.every((b) => b.final_balance === '0.999')).toBe(true);
  });

  it('finalizes many operations sent at once by concurrent clients', async () => {
    const recipients = Array.from({ length: 40 }, newAddress);
    const ids = await Promise.all(recipients.map((recipient, i) => transferTo(i % 8, recipient)));
    expect(new Set(ids).size).toBe(40);
    const infos = await Promise.all(ids.map((id) => waitFinal(devnet, id)));
    expect(infos.every((info) => info.op_exec_status === true)).toBe(true);
    const balances = await call<any[]>(devnet.urls.public, 'get_addresses', [recipients]);
    expect(balances.every((b) => b.final_balance === '0.999')).toBe(true);
  });

  it('shows an operation speculative before final, to node listeners and WebSocket subscribers', async () => {
    const ws = new WebSocket(devnet.urls.ws);
    const messages: any[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subscribe_new_filled_blocks', params: [] }));
      await m.until('the subscription', async () => (messages.some((msg) => msg.id === 1) ? true : undefined));
      const seen: string[] = [];
      const onBlock = (block: { operations: string[] }) => {
        for (const id of block.operations) {
          const record = nodeOf(devnet).operations.get(id)!;
          seen.push(`block ${record.speculativeSuccess} ${record.finalSuccess}`);
        }
      };
      const onFinal = (entry: { operationResults: Array<[string, boolean]> }) => {
        for (const [, success] of entry.operationResults) seen.push(`final ${success}`);
      };
      nodeOf(devnet).on('block', onBlock);
      nodeOf(devnet).on('final', onFinal);
      const id = await transferTo(3, newAddress());
      await waitFinal(devnet, id);
      nodeOf(devnet).off('block', onBlock);
      nodeOf(devnet).off('final', onFinal);
      expect(seen).toEqual(['block true null', 'final true']);
      const filled = await m.until('the filled block notification', async () =>
        messages.find((msg) => msg.method === 'new_filled_blocks' && msg.params.result.operations.some(([opId]: [string]) => opId === id)),
      );
      expect(filled.params.result.header.content.endorsements).toHaveLength(16);
    } finally {
      ws.close();
    }
  });

  it('answers requests while it produces blocks', async () => {
    const { last_slot, chain_id } = await status();
    const inputs = Array.from({ length: 40 }, (_, i) =>
      toSendOperationInput(
        signOperation(
          { fee: parseMas('0.01'), expirePeriod: last_slot.period + 9, op: { type: 'Transaction', recipient: newAddress(), amount: MAS } },
          devnet.accounts[i % 8]!.secretKey,
          BigInt(chain_id),
        ),
      ),
    );
    const blocks: string[] = [];
    const answeredBetween: number[] = [];
    const onBlock = (block: { id: string }) => blocks.push(block.id);
    nodeOf(devnet).on('block', onBlock);
    const ids = await call<string[]>(devnet.urls.public, 'send_operations', [inputs]);
    // get_status answered while the mining run goes on: some answers arrive between two blocks of the run
    while (nodeOf(devnet).operations.get(ids.at(-1)!)?.finalSuccess == null) {
      const before = blocks.length;
      await status();
      if (blocks.length > before && !nodeOf(devnet).isSettled) answeredBetween.push(blocks.length);
    }
    nodeOf(devnet).off('block', onBlock);
    expect(blocks.length).toBeGreaterThan(1);
    expect(answeredBetween.length).toBeGreaterThan(0);
  });

  it('stays idle when nothing arrives', async () => {
    await nodeOf(devnet).settle(5_000);
    expect(nodeOf(devnet).isSettled).toBe(true);
    const last = nodeOf(devnet).lastProducedSlot;
    const offset = nodeOf(devnet).clockOffset;
    await new Promise((resolve) => setTimeout(resolve, 20 * (nodeOf(devnet).config.t0 / 32)));
    expect(nodeOf(devnet).lastProducedSlot).toEqual(last);
    expect(nodeOf(devnet).nextProductionSlot).toBeNull();
    expect(nodeOf(devnet).clockOffset).toBe(offset);
    expect(nodeOf(devnet).productionErrors).toEqual([]);
  });

  it('mason_advance_slots moves the clock forward on the private API, and refuses anything but a slot count', async () => {
    const before = await status();
    const blocks = nodeOf(devnet).graph.records.size;
    const { last_slot } = await call(devnet.urls.private, 'mason_advance_slots', [64]);
    const after = await status();
    expect(after.last_slot).toEqual(last_slot);
    expect(after.current_time - before.current_time).toBeGreaterThanOrEqual(63 * (before.config.t0 / 32));
    expect(last_slot.period - before.last_slot.period).toBeGreaterThanOrEqual(2);
    // nothing was due: time passed, no block
    expect(nodeOf(devnet).graph.records.size).toBe(blocks);
    for (const params of [[], [0], [-1], [1.5], ['3'], [null], [{}], [1e9], [Number.MAX_SAFE_INTEGER + 2]]) {
      const { error } = await rpc(devnet.urls.private, 'mason_advance_slots', params);
      expect(error?.code, JSON.stringify(params)).toBe(-32602);
    }
    // a private method on the public port: the node's 'private API' refusal
    expect((await rpc(devnet.urls.public, 'mason_advance_slots', [1])).error?.code).toBe(-32019);
  });

  it('runs an asynchronous message of a future slot only once the clock reaches it', async () => {
    const messenger = await compileContract('messenger');
    const sender = await deployContract(devnet, devnet.accounts[0]!.secretKey, messenger, 10n * MAS);
    const receiver = await deployContract(devnet, devnet.accounts[0]!.secretKey, messenger, MAS);
    const { info, events } = await m.schedule(devnet, sender, { target: receiver, note: 'instant', startOffset: 4, length: 10 });
    expect(info.op_exec_status).toBe(true);
    const start = m.plus(m.scheduledAt(events), 4);
    await nodeOf(devnet).settle(5_000);
    expect(nodeOf(devnet).candidateLedger.asyncPool.size).toBe(1);
    expect(compareSlots(nodeOf(devnet).lastProducedSlot, start)).toBeLessThan(0);
    await call(devnet.urls.private, 'mason_advance_slots', [4 * 32]);
    const [received] = await m.finalEventsOf(devnet, receiver, 'received instant-0');
    expect(received.context.slot).toEqual(start);
    expect(nodeOf(devnet).candidateLedger.asyncPool.size).toBe(0);
  }, 30_000);

  it('serves massa-web3 unchanged: deploy and call, waiting for final execution', async () => {
    const account = await Account.fromPrivateKey(devnet.accounts[2]!.secretKey.reveal());
    const provider = JsonRpcProvider.fromRPCUrl(devnet.urls.public, account) as JsonRpcProvider;
    const contract = await SmartContract.deploy(provider, await compileContract('greeter'), new Args().addString('Instant'), {
      coins: MAS / 10n,
      waitFinalExecution: true,
    });
    expect(contract.address).toMatch(/^AS/);
    const operation = await contract.call('sum', new Args().addI32(2n).addI32(3n));
    expect(await operation.waitFinalExecution()).toBe(OperationStatus.Success);
    const transfer = await provider.transfer(newAddress(), MAS);
    expect(await transfer.waitFinalExecution()).toBe(OperationStatus.Success);
  }, 30_000);
});

describe('instant mode with a data directory', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('restarts with a clock that never goes back, and goes on finalizing at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mason-instant-'));
    dirs.push(dataDir);
    const recipient = newAddress();
    let first = await startTestDevnet({ instant: true, dataDir });
    let lastBlock: Slot;
    let before: any;
    try {
      // Distinct amounts: the same transfer sent twice in one period is one operation (the same id).
      for (let i = 0n; i < 3n; i++)
        await waitFinal(first, await sendOp(first, first.accounts[0]!.secretKey, { type: 'Transaction', recipient, amount: MAS + i }));
      // Whether blocks alone put the clock ahead depends on the machine's speed: move it ahead for sure.
      await nodeOf(first).advanceSlots(320);
      lastBlock = nodeOf(first).lastProducedSlot;
      before = await call(first.urls.public, 'get_status');
      expect(nodeOf(first).clockOffset).toBeGreaterThan(0);
    } finally {
      await first.stop();
    }
    first = await startTestDevnet({ instant: true, dataDir });
    try {
      const after = await call(first.urls.public, 'get_status');
      expect(after.current_time).toBeGreaterThanOrEqual(before.current_time);
      expect(compareSlots(after.last_slot, lastBlock)).toBeGreaterThanOrEqual(0);
      const info = await waitFinal(first, await sendOp(first, first.accounts[0]!.secretKey, { type: 'Transaction', recipient, amount: MAS + 3n }));
      const [block] = await call<any[]>(first.urls.public, 'get_blocks', [[info.in_blocks[0]]]);
      expect(compareSlots(block.content.block.header.content.slot, lastBlock)).toBeGreaterThan(0);
      const [account] = await call<any[]>(first.urls.public, 'get_addresses', [[recipient]]);
      expect(parseMas(account.final_balance)).toBe(4n * MAS + 6n - parseMas('0.001'));
    } finally {
      await first.stop();
    }
  }, 30_000);

  it('refuses an instant option that is not a boolean', async () => {
    for (const instant of ['yes', 1, null]) {
      await expect(startTestDevnet({ instant: instant as unknown as boolean })).rejects.toThrow(/instant must be true or false/);
    }
  });

  it('refuses a clock file that is not a time after the genesis', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mason-instant-'));
    dirs.push(dataDir);
    await (await startTestDevnet({ instant: true, dataDir })).stop();
    for (const content of ['{', '{"now":"soon"}', '{"now":1.5}', '{"now":0}', 'null', '[]']) {
      writeFileSync(join(dataDir, 'clock.json'), content);
      const error = await startTestDevnet({ instant: true, dataDir }).catch((e: unknown) => e);
      expect((error as { code?: string }).code, content).toBe('MASON_DEVNET_DATA_CORRUPT');
      expect(String(error)).toContain('clock.json');
    }
  });
});
