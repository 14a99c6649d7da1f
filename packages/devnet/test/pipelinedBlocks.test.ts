import { compareSlots, nextSlot, parseMas, type Slot } from '@mason/codec';
import { afterEach, describe, expect, it } from 'vitest';
import type { Devnet, DevnetOptions } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { call, signForDevnet, startTestDevnet } from './helpers.js';

// Instant mode on the execution worker: while a block executes, the block of the very next slot
// is built and posted behind it. These tests send transfers from 64 accounts (every thread), each
// to the next account, so blocks pay coins to the senders of the blocks launched behind them.

const ACCOUNTS = 64;
const FEE = parseMas('0.01');
const started: Devnet[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((devnet) => devnet.stop()));
});

async function start(execution: 'workers' | 'inline', options: Partial<DevnetOptions> = {}): Promise<Devnet> {
  const devnet = await startTestDevnet({ instant: true, accounts: ACCOUNTS, execution, ...options });
  started.push(devnet);
  return devnet;
}

/** For each block as it lands: whether the next block had already been launched behind it. */
function watchLaunches(devnet: Devnet): boolean[] {
  const behind: boolean[] = [];
  nodeOf(devnet).on('block', (block: { slot: Slot }) => {
    const last = nodeOf(devnet).lastProducedSlot;
    behind.push(last.period > block.slot.period || (last.period === block.slot.period && last.thread > block.slot.thread));
  });
  return behind;
}

/** Round `round` of transfers: account i sends i + round + 1 MAS to account i + 1. */
async function sendRound(devnet: Devnet, round: number): Promise<string[]> {
  const inputs = await Promise.all(
    devnet.accounts.map((account, i) =>
      signForDevnet(
        devnet,
        account.secretKey,
        { type: 'Transaction', recipient: devnet.accounts[(i + 1) % ACCOUNTS]!.address, amount: parseMas(String(i + round + 1)) },
        FEE,
      ),
    ),
  );
  return call<string[]>(devnet.urls.public, 'send_operations', [inputs]);
}

async function finalBalances(devnet: Devnet): Promise<bigint[]> {
  const infos = await call<Array<{ final_balance: string }>>(devnet.urls.public, 'get_addresses', [devnet.accounts.map((a) => a.address)]);
  return infos.map((info) => parseMas(info.final_balance));
}

type OperationState = 'success' | 'failure' | 'pending' | 'unknown';

async function operationStates(devnet: Devnet, ids: string[]): Promise<OperationState[]> {
  type Info = { id: string; is_operation_final: boolean; op_exec_status: boolean | null };
  const byId = new Map<string, Info>();
  for (let at = 0; at < ids.length; at += ACCOUNTS) {
    for (const info of await call<Info[]>(devnet.urls.public, 'get_operations', [ids.slice(at, at + ACCOUNTS)])) byId.set(info.id, info);
  }
  return ids.map((id) => {
    const info = byId.get(id);
    if (!info) return 'unknown';
    if (!info.is_operation_final) return 'pending';
    return info.op_exec_status ? 'success' : 'failure';
  });
}

/** Waits until each operation is final or forgotten by the node. */
async function settled(devnet: Devnet, ids: string[]): Promise<OperationState[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const states = await operationStates(devnet, ids);
    if (!states.includes('pending')) return states;
    if (Date.now() > deadline) throw new Error(`operations still pending after 10 s: ${states.filter((s) => s === 'pending').length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('blocks launched behind the one executing', () => {
  it('leave the chain as blocks produced one at a time do', async () => {
    const [workers, inline] = [await start('workers'), await start('inline')];
    const launchedBehind = watchLaunches(workers);
    const oneAtATime = watchLaunches(inline);
    const ids: string[][] = [[], []];
    for (let round = 0; round < 3; round++) {
      ids[0]!.push(...(await sendRound(workers, round)));
      ids[1]!.push(...(await sendRound(inline, round)));
    }
    expect(await settled(workers, ids[0]!)).toEqual(ids[0]!.map(() => 'success'));
    expect(await settled(inline, ids[1]!)).toEqual(ids[1]!.map(() => 'success'));
    expect(await finalBalances(workers)).toEqual(await finalBalances(inline));
    expect(launchedBehind.some(Boolean)).toBe(true);
    expect(oneAtATime.some(Boolean)).toBe(false);
    expect(nodeOf(workers).productionErrors).toEqual([]);
  });

  it('are abandoned when the block ahead fails: their operations are included later, once each', async () => {
    const logged: string[] = [];
    // Mainnet's 16 s periods: the wall clock does not overtake the blocks, so a slot given up is produced again.
    const devnet = await start('workers', { log: (message) => logged.push(message), mainnetTiming: true });
    const before = await finalBalances(devnet);
    let failedSlot: Slot | undefined;
    let abandonedSlot: Slot | undefined;
    const failBehind = (block: { slot: Slot }) => {
      const behind = nodeOf(devnet).lastProducedSlot;
      if (compareSlots(behind, block.slot) === 0) return;
      // Only where the slot after that one has operations: its block is then launched behind the failing one.
      const after = nextSlot(behind, nodeOf(devnet).config.threadCount);
      const inclusion = nodeOf(devnet).pool.nextInclusionSlot(after, nodeOf(devnet).config.operationValidityPeriods);
      if (!inclusion || compareSlots(inclusion, after) !== 0) return;
      // The execution worker ends while the block launched behind this one runs: that block fails.
      nodeOf(devnet).off('block', failBehind);
      [failedSlot, abandonedSlot] = [behind, after];
      nodeOf(devnet).setInitialState([]);
    };
    nodeOf(devnet).on('block', failBehind);
    const ids = await sendRound(devnet, 0);
    const states = await settled(devnet, ids);

    expect(failedSlot).toBeDefined();
    expect(nodeOf(devnet).productionErrors).toHaveLength(1);
    expect(nodeOf(devnet).productionErrors[0]!.message).toContain(`slot ${failedSlot!.period}.${failedSlot!.thread}`);
    expect(logged.filter((m) => m.startsWith('block production failed'))).toHaveLength(1);
    // the abandoned slot was produced again, after the failure, and is final
    expect(nodeOf(devnet).graph.atSlot(failedSlot!)).toBeUndefined();
    expect(nodeOf(devnet).graph.atSlot(abandonedSlot!)?.isFinal).toBe(true);
    // the failed block's operations are dropped, as for any failed slot; every other one is final
    const dropped = states.filter((state) => state === 'unknown').length;
    expect(dropped).toBeGreaterThan(0);
    expect(states.filter((state) => state === 'success').length).toBe(ids.length - dropped);
    // coins only move between the accounts: together they lost exactly one fee per executed transfer
    const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
    const after = await finalBalances(devnet);
    expect(sum(before) - sum(after)).toBe(FEE * BigInt(ids.length - dropped));
  });

  it('report a block that cannot be built as a failed production, and go on once it can', async () => {
    const logged: string[] = [];
    const devnet = await start('workers', { log: (message) => logged.push(message) });
    const stakers = nodeOf(devnet).stakers.splice(0);
    // The fault: no staker to draw block creators from (a bug, not a contract's failure).
    const [first] = await sendRound(devnet, 0);
    while (nodeOf(devnet).productionErrors.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    nodeOf(devnet).stakers.push(...stakers);
    const [, second] = await sendRound(devnet, 1);
    expect(await settled(devnet, [first!, second!])).toEqual(['success', 'success']);
    expect(nodeOf(devnet).productionErrors.every((error) => error instanceof TypeError)).toBe(true);
    expect(logged[0]).toMatch(/^block production failed at slot \d+\.\d+; the node goes on with the next slot: TypeError/);
  });
});
