import { nodeOf } from '@mason/devnet/internal';
import { Address, parseMas, toSendOperationInput } from '@mason/codec';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from '../closedPort.js';
import { type Devnet, eventually, finalityAfter, startTestDevnet, untilPeriod, withoutBlocks } from '../devnet.js';
import { CONTRACT } from '../fixtures.js';
import { Wire } from '../wire.js';
import { Account } from '../../src/account/Account.js';
import { getBlocks } from '../../src/actions/getBlocks.js';
import { getOperations } from '../../src/actions/getOperations.js';
import { getStatus } from '../../src/actions/getStatus.js';
import { sendOperations } from '../../src/actions/sendOperations.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import type { Operation } from '../../src/operations/Operation.js';
import { transfer } from '../../src/operations/transfer.js';
import { expired } from '../../src/wait/expired.js';
import { final } from '../../src/wait/final.js';
import { speculative } from '../../src/wait/speculative.js';
import { timeout } from '../../src/wait/timeout.js';
import { waitForOperation } from '../../src/wait/waitForOperation.js';
import type { WaitStrategy } from '../../src/wait/waitStrategy.js';

// Waiting strategies against a real devnet: operations really go through the pool, a block of
// their thread, execution and finality. Finality comes 24 blocks (~0.4 s) after execution, so a
// wait can see an operation executed but not final. Where an operation must stay in the pool,
// the devnet's staker stops producing for a while (missed slots), as a real node's can.

let devnet: Devnet;
let wire: Wire;
const clients: Client[] = [];
let amount = 1n;

beforeAll(async () => {
  devnet = await startTestDevnet({ deltaF0: finalityAfter(24), instant: false });
  wire = new Wire();
});
afterAll(async () => {
  wire?.dispose();
  await devnet?.stop();
});
beforeEach(() => wire.clear());
afterEach(async () => {
  wire.onRequest = undefined;
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function pollingClient(): Client {
  const client = createClient({ url: devnet.urls.public, retry: false });
  clients.push(client);
  return client;
}

function wsClient(wsUrl = devnet.urls.ws): Client {
  const client = createClient({ url: devnet.urls.public, wsUrl, retry: false });
  clients.push(client);
  return client;
}

const account = (index: number) => Account.fromSecretKey(devnet.accounts[index]!.secretKey);

/** A fresh transfer (distinct amount → distinct id) to an existing address. */
function send(client: Client, options: { from?: number; periodToLive?: number } = {}): Promise<Operation> {
  return transfer(client, account(options.from ?? 0), { to: devnet.accounts[9]!.address, amount: amount++, periodToLive: options.periodToLive ?? 9 });
}

/** A transfer to a smart-contract address that does not exist: included, executed, and failed. */
function sendFailing(client: Client): Promise<Operation> {
  return transfer(client, account(1), { to: CONTRACT, amount: amount++ });
}

const later = (ms: number, action: () => void) => setTimeout(action, ms);

describe('waiting by polling get_operations', () => {
  const fast = { pollIntervalMs: 5 };

  it('speculative: resolves once executed', async () => {
    const client = pollingClient();
    const op = await send(client);
    const result = await op.wait([speculative(), timeout(5_000)], fast);
    expect(result).toMatchObject({ stage: 'speculative', status: 'SpeculativeSuccess', operationId: op.id });
    if (result.stage !== 'speculative') throw new Error('not speculative');
    expect(result.info.in_blocks).toHaveLength(1);
    const [block] = await getBlocks(client, result.info.in_blocks);
    expect(block?.content?.block.operations).toContain(op.id);
  });

  it('speculative also resolves on a failed execution', async () => {
    const op = await sendFailing(pollingClient());
    expect(await op.wait([speculative(), timeout(5_000)], fast)).toMatchObject({ stage: 'speculative', status: 'SpeculativeError' });
  });

  it('final: waits past speculative execution until final', async () => {
    const op = await send(pollingClient());
    const seen: string[] = [];
    const executed = op.wait([speculative(), timeout(5_000)], fast).then((r) => seen.push(`${r.stage} ${r.status}`));
    const result = await op.wait([final(), timeout(5_000)], fast);
    seen.push(`${result.stage} ${result.status}`);
    await executed;
    expect(result).toMatchObject({ stage: 'final', status: 'FinalSuccess' });
    expect(seen).toEqual(['speculative SpeculativeSuccess', 'final FinalSuccess']);
  });

  it('final reports FinalError', async () => {
    const op = await sendFailing(pollingClient());
    expect(await op.waitFinal({ pollIntervalMs: 5 })).toMatchObject({ stage: 'final', status: 'FinalError' });
  });

  it('get_status is only asked while a strategy needs the clock', async () => {
    const op = await send(pollingClient());
    wire.clear();
    await op.wait([final(), timeout(30)], fast);
    expect(wire.count('get_operations')).toBeGreaterThan(1);
    expect(wire.count('get_status')).toBe(0);
  });

  it('expired() stops reading the clock once the operation is in a block or executed (its rule: expired.test.ts)', async () => {
    const op = await send(pollingClient());
    await op.wait([speculative(), timeout(5_000)], fast); // executed: final ~0.4 s later
    wire.clear();
    expect(await op.wait([final(), expired(), timeout(5_000)], fast)).toMatchObject({ stage: 'final', status: 'FinalSuccess' });
    expect(wire.count('get_operations')).toBeGreaterThan(1);
    // The first look, before the observer had seen the operation executed.
    expect(wire.count('get_status')).toBe(1);
  });

  it('an unknown operation times out as NotFound (expired cannot know its period)', async () => {
    const result = await waitForOperation(pollingClient(), 'O1unknown', [final(), expired(), timeout(30)], fast);
    expect(result).toMatchObject({ stage: 'timeout', status: 'NotFound' });
  });

  it('rejects on abort, or without strategies', async () => {
    const op = await send(pollingClient());
    const controller = new AbortController();
    later(20, () => controller.abort());
    await expect(op.wait([final()], { ...fast, signal: controller.signal })).rejects.toMatchObject({ code: 'MASON_CLIENT_ABORTED' });
    await expect(op.wait([])).rejects.toMatchObject({ code: 'MASON_CLIENT_INVALID_ARGUMENT' });
  });
});

describe('waiting while the devnet misses its slots', () => {
  // The staker stops producing: operations stay in the pool while the clock passes their expire
  // period (one shared pause of about a period for every test here). Before it stops, one
  // operation executes and stays speculative (not final) for the whole pause.
  const fast = { pollIntervalMs: 5 };
  let client: Client;
  /** Executed just before the pause: speculative, never final during it. */
  let executed: Operation;
  /** In the pool during the pause (senders in threads 14, 5 and 12). */
  let pooledA: Operation;
  let pooledB: Operation;
  let pooledC: Operation;

  beforeAll(async () => {
    client = createClient({ url: devnet.urls.public, retry: false });
    executed = await send(client, { from: 6, periodToLive: 1 });
    expect(await executed.wait([speculative(), timeout(5_000)], fast)).toMatchObject({ status: 'SpeculativeSuccess' });
    await nodeOf(devnet).stop();
    [pooledA, pooledB, pooledC] = await Promise.all([
      send(client, { from: 2, periodToLive: 1 }),
      send(client, { from: 5, periodToLive: 1 }),
      send(client, { from: 8, periodToLive: 1 }),
    ]);
  });
  afterAll(async () => {
    nodeOf(devnet).start();
    await client.close();
  });

  it('timeout: says which stage was still missing', async () => {
    expect(await pooledB.wait([final(), timeout(100)], fast)).toMatchObject({ stage: 'timeout', status: 'PendingInclusion', timeoutMs: 100 });
    expect(await executed.wait([final(), timeout(100)], fast)).toMatchObject({ stage: 'timeout', status: 'SpeculativeSuccess' });
  });

  it('custom strategies compose with the built-in ones', async () => {
    const pooled: WaitStrategy = (context) =>
      context.until((o) =>
        o.status === 'PendingInclusion' ? { stage: 'timeout', operationId: context.operationId, status: o.status, timeoutMs: 0 } : undefined,
      );
    expect(await pooledB.wait([final(), pooled], fast)).toMatchObject({ status: 'PendingInclusion', timeoutMs: 0 });
  });

  it('expired: the expire period passed (clock and execution cursor) without execution', async () => {
    const result = await pooledA.wait([final(), expired(), timeout(5_000)], fast);
    expect(result).toMatchObject({
      stage: 'expired',
      status: 'PendingInclusion',
      expirePeriod: pooledA.expirePeriod,
      period: pooledA.expirePeriod + 1,
    });
    // Not before the node's clock had left the expire period.
    expect(Date.now()).toBeGreaterThanOrEqual(devnet.config.genesisTimestamp + (pooledA.expirePeriod + 1) * devnet.config.t0);
  });

  it('waitForOperation by id: the expire period comes from the node', async () => {
    await untilPeriod(devnet, pooledB.expirePeriod + 1);
    expect(await waitForOperation(client, pooledB.id, [expired(), timeout(5_000)], fast)).toMatchObject({
      stage: 'expired',
      expirePeriod: pooledB.expirePeriod,
    });
  });

  it('expired does not fire for an executed operation', async () => {
    await untilPeriod(devnet, executed.expirePeriod + 1);
    expect(await executed.wait([final(), expired(), timeout(100)], fast)).toMatchObject({ stage: 'timeout', status: 'SpeculativeSuccess' });
  });

  it('an execution landing between the clock read and the operation read is not called expired', async () => {
    await untilPeriod(devnet, pooledC.expirePeriod + 1);
    wire.clear();
    // The first look reads the clock (past the expire period), then the operation. Right between
    // the two, the block of its expire period executes it (late, as execution lags the clock).
    wire.onRequest = (request) => {
      if (request.method !== 'get_operations') return;
      wire.onRequest = undefined;
      void nodeOf(devnet).produceBlock({ period: pooledC.expirePeriod, thread: Address.fromString(pooledC.creator).thread() });
    };
    expect(await pooledC.wait([speculative(), expired(), timeout(5_000)], fast)).toMatchObject({ stage: 'speculative' });
    expect(wire.methods().slice(0, 2)).toEqual(['get_status', 'get_operations']);
  });

  it('once producing again, the node drops expired operations: they never execute', async () => {
    nodeOf(devnet).start();
    await eventually(async () => (await getOperations(client, [pooledA.id, pooledB.id])).every((info) => !info.in_pool));
    expect(await pooledA.status()).toBe('NotFound');
    expect(await pooledB.status()).toBe('NotFound');
    expect((await executed.waitFinal(fast)).status).toBe('FinalSuccess');
  });
});

describe('waiting driven by WebSocket notifications', () => {
  // A poll interval far beyond the test's duration: only notifications can wake the wait.
  const slow = { pollIntervalMs: 60_000 };
  const subscribed = (count: number) =>
    wire.of('subscribe_new_filled_blocks').filter((r) => typeof wire.answerTo(r)?.result === 'number').length === count &&
    wire.of('subscribe_new_operations').filter((r) => typeof wire.answerTo(r)?.result === 'number').length === count;

  it('subscribes to new_filled_blocks and new_operations, looks again on each, and unsubscribes', async () => {
    const client = wsClient();
    const sender = account(3);
    const status = await getStatus(client);
    // Signed here so the wait can start before the node knows the operation.
    const signed = sender.signOperation(
      {
        fee: parseMas('0.01'),
        expirePeriod: status.last_slot!.period + 9,
        op: { type: 'Transaction', recipient: devnet.accounts[9]!.address, amount: amount++ },
      },
      77n,
    );
    wire.clear();
    let waiting!: Promise<unknown>;
    await withoutBlocks(devnet, async () => {
      waiting = waitForOperation(client, signed.id, [speculative(), timeout(5_000)], slow);
      // Subscribed first, then the first look: nothing between them can be missed.
      await eventually(() => subscribed(1) && wire.count('get_operations') === 1);
      const methods = wire.methods();
      expect(methods.indexOf('get_operations')).toBeGreaterThan(methods.indexOf('subscribe_new_filled_blocks'));
      expect(methods.indexOf('get_operations')).toBeGreaterThan(methods.indexOf('subscribe_new_operations'));

      // The pool entry for this operation triggers a look.
      await sendOperations(client, [toSendOperationInput(signed)]);
      await eventually(() => wire.count('get_operations') === 2);
      expect(wire.notifications.some((n) => n.method === 'new_operations' && (n.result as { id: string }).id === signed.id)).toBe(true);
    });
    // Production resumes: the block carrying it triggers the look that sees it executed.
    expect(await waiting).toMatchObject({ stage: 'speculative', status: 'SpeculativeSuccess' });
    await eventually(() => wire.answered('unsubscribe_new_filled_blocks', true) === 1 && wire.answered('unsubscribe_new_operations', true) === 1);
    expect(wire.paramsOf('unsubscribe_new_filled_blocks')).toEqual([[wire.answerTo(wire.of('subscribe_new_filled_blocks')[0]!)?.result]]);
  });

  it('other operations in the pool do not trigger a look', async () => {
    const client = wsClient();
    await withoutBlocks(devnet, async () => {
      const op = await send(client, { from: 4 });
      wire.clear();
      const waiting = op.wait([speculative(), timeout(300)], slow);
      await eventually(() => subscribed(1) && wire.count('get_operations') === 1);
      const other = await send(pollingClient(), { from: 5 });
      await eventually(() => wire.notifications.some((n) => n.method === 'new_operations' && (n.result as { id: string }).id === other.id));
      expect(await waiting).toMatchObject({ stage: 'timeout', status: 'PendingInclusion' });
      expect(wire.count('get_operations')).toBe(1);
    });
  });

  it('final and expired through block notifications', async () => {
    const client = wsClient();
    let waitingFinal!: Promise<unknown>;
    let waitingExpiry!: Promise<unknown>;
    let second!: Operation;
    await withoutBlocks(devnet, async () => {
      const first = await send(client, { from: 6 });
      second = await send(client, { from: 7, periodToLive: 1 });
      wire.clear();
      waitingFinal = first.wait([final(), expired(), timeout(5_000)], slow);
      waitingExpiry = second.wait([final(), expired(), timeout(5_000)], slow);
      await eventually(() => subscribed(2) && wire.count('get_operations') === 2);
      await untilPeriod(devnet, second.expirePeriod + 1);
    });
    // Production resumes: the first operation's block and the blocks that finalize it wake both.
    expect(await waitingFinal).toMatchObject({ stage: 'final', status: 'FinalSuccess' });
    const expiry = (await waitingExpiry) as { stage: string; expirePeriod: number; period: number };
    expect(expiry).toMatchObject({ stage: 'expired', expirePeriod: second.expirePeriod });
    expect(expiry.period).toBeGreaterThan(second.expirePeriod);
    expect(wire.count('get_operations')).toBeGreaterThan(2);
  });

  it('falls back to polling when the WebSocket is unavailable', async () => {
    const client = wsClient(`ws://127.0.0.1:${await closedPort()}`);
    const op = await send(client);
    expect(await op.wait([speculative(), timeout(5_000)], { pollIntervalMs: 5 })).toMatchObject({ stage: 'speculative' });
    expect(wire.count('get_operations')).toBeGreaterThan(1);
  });
});
