import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_ID, filledBlockFixture, RECIPIENT, SENDER, statusFixture } from '../../test/fixtures.js';
import { startTestNode, type TestNode } from '../../test/testNode.js';
import { Account } from '../account/Account.js';
import type { Client } from '../client.js';
import { createClient } from '../createClient.js';
import type { Operation } from '../operations/Operation.js';
import { transfer } from '../operations/transfer.js';
import { expired } from './expired.js';
import { final } from './final.js';
import { speculative } from './speculative.js';
import { timeout } from './timeout.js';
import { waitForOperation } from './waitForOperation.js';
import type { WaitStrategy } from './waitStrategy.js';

let node: TestNode;
const clients: Client[] = [];
const account = Account.fromSecretKey(SENDER.secret);
let amount = 1n;

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  expect(node.violations).toEqual([]);
  node.received.length = 0;
  node.state.period = 100;
  node.state.activeCursor = undefined;
});

function pollingClient(): Client {
  const client = createClient({ url: node.url, retry: false });
  clients.push(client);
  return client;
}

function wsClient(wsUrl = node.wsUrl): Client {
  const client = createClient({ url: node.url, wsUrl, retry: false });
  clients.push(client);
  return client;
}

/** A fresh operation (distinct amount → distinct id), pooled by the node. */
function send(client: Client): Promise<Operation> {
  return transfer(client, account, { to: RECIPIENT.address, amount: amount++ });
}

async function eventually(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

const later = (ms: number, action: () => void) => setTimeout(action, ms);
const executed = (ok: boolean) => ({ in_pool: false, in_blocks: [BLOCK_ID], op_exec_status: ok, is_operation_final: false });
const finalized = (ok: boolean) => ({ in_pool: false, in_blocks: [BLOCK_ID], op_exec_status: ok, is_operation_final: true });

describe('waiting by polling get_operations', () => {
  const fast = { pollIntervalMs: 5 };

  it('speculative: resolves once executed', async () => {
    const op = await send(pollingClient());
    later(20, () => node.setOperation(op.id, executed(true)));
    const result = await op.wait([speculative(), timeout(5_000)], fast);
    expect(result).toMatchObject({ stage: 'speculative', status: 'SpeculativeSuccess', operationId: op.id });
    if (result.stage === 'speculative') expect(result.info.in_blocks).toEqual([BLOCK_ID]);
  });

  it('speculative also resolves on a failed execution', async () => {
    const op = await send(pollingClient());
    later(10, () => node.setOperation(op.id, executed(false)));
    expect(await op.wait([speculative(), timeout(5_000)], fast)).toMatchObject({ stage: 'speculative', status: 'SpeculativeError' });
  });

  it('final: waits past speculative execution until final', async () => {
    const op = await send(pollingClient());
    later(10, () => node.setOperation(op.id, executed(true)));
    later(40, () => node.setOperation(op.id, finalized(true)));
    const started = Date.now();
    const result = await op.wait([final(), timeout(5_000)], fast);
    expect(result).toMatchObject({ stage: 'final', status: 'FinalSuccess' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('final reports FinalError', async () => {
    const op = await send(pollingClient());
    node.setOperation(op.id, finalized(false));
    expect(await op.waitFinal({ pollIntervalMs: 5 })).toMatchObject({ stage: 'final', status: 'FinalError' });
  });

  it('timeout: says which stage was still missing', async () => {
    const op = await send(pollingClient());
    expect(await op.wait([final(), timeout(100)], fast)).toMatchObject({ stage: 'timeout', status: 'PendingInclusion', timeoutMs: 100 });
    node.setOperation(op.id, executed(true));
    expect(await op.wait([final(), timeout(100)], fast)).toMatchObject({ stage: 'timeout', status: 'SpeculativeSuccess' });
  });

  it('expired: the expire period passed (clock and execution cursor) without execution', async () => {
    const op = await send(pollingClient());
    expect(op.expirePeriod).toBe(109);
    later(10, () => {
      node.state.period = 110;
      // Execution still at the expire period: its block may yet run the operation.
      node.state.activeCursor = { period: 109, thread: 31 };
    });
    later(40, () => {
      node.state.activeCursor = { period: 110, thread: 0 };
    });
    const started = Date.now();
    const result = await op.wait([final(), expired(), timeout(5_000)], fast);
    expect(result).toMatchObject({ stage: 'expired', status: 'PendingInclusion', expirePeriod: 109, period: 110 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('an execution landing between the clock read and the operation read is not called expired', async () => {
    const op = await send(pollingClient());
    node.on('get_status', () => {
      const status = statusFixture({ period: 110 });
      // The operation executes at its expire period right after the node answered the clock.
      node.setOperation(op.id, executed(true));
      return status;
    });
    try {
      expect(await op.wait([speculative(), expired(), timeout(5_000)], fast)).toMatchObject({ stage: 'speculative' });
    } finally {
      node.off('get_status');
    }
  });

  it('expired does not fire for an executed operation', async () => {
    const op = await send(pollingClient());
    node.setOperation(op.id, executed(true));
    node.state.period = 200;
    expect(await op.wait([final(), expired(), timeout(100)], fast)).toMatchObject({ stage: 'timeout', status: 'SpeculativeSuccess' });
  });

  it('get_status is only asked while a strategy needs the clock', async () => {
    const op = await send(pollingClient());
    node.received.length = 0;
    await op.wait([final(), timeout(30)], fast);
    expect(node.count('get_operations')).toBeGreaterThan(1);
    expect(node.count('get_status')).toBe(0);
  });

  it('waitForOperation by id: the expire period comes from the node', async () => {
    const client = pollingClient();
    const op = await send(client);
    node.state.period = 120;
    expect(await waitForOperation(client, op.id, [expired(), timeout(5_000)], fast)).toMatchObject({
      stage: 'expired',
      expirePeriod: 109,
    });
  });

  it('an unknown operation times out as NotFound (expired cannot know its period)', async () => {
    node.state.period = 500;
    const result = await waitForOperation(pollingClient(), 'O1unknown', [final(), expired(), timeout(30)], fast);
    expect(result).toMatchObject({ stage: 'timeout', status: 'NotFound' });
  });

  it('custom strategies compose with the built-in ones', async () => {
    const client = pollingClient();
    const op = await send(client);
    const pooled: WaitStrategy = (context) =>
      context.until((o) => (o.status === 'PendingInclusion' ? { stage: 'timeout', operationId: context.operationId, status: o.status, timeoutMs: 0 } : undefined));
    expect(await op.wait([final(), pooled], fast)).toMatchObject({ status: 'PendingInclusion', timeoutMs: 0 });
  });

  it('rejects when the node cannot be asked, or on abort', async () => {
    const client = pollingClient();
    const op = await send(client);
    node.fault('get_operations', { rpc: { code: -32602, message: 'Invalid params' } });
    await expect(op.wait([final(), timeout(5_000)], fast)).rejects.toMatchObject({ rpcCode: -32602 });

    const controller = new AbortController();
    later(20, () => controller.abort());
    await expect(op.wait([final()], { ...fast, signal: controller.signal })).rejects.toMatchObject({ code: 'MASON_CLIENT_ABORTED' });
    await expect(op.wait([])).rejects.toMatchObject({ code: 'MASON_CLIENT_INVALID_ARGUMENT' });
  });
});

describe('waiting driven by WebSocket notifications', () => {
  // A poll interval far beyond the test's duration: only notifications can wake the wait.
  const slow = { pollIntervalMs: 60_000 };

  it('subscribes to new_filled_blocks and new_operations, looks again on each, and unsubscribes', async () => {
    const client = wsClient();
    const op = await send(client);
    const waiting = op.wait([speculative(), timeout(5_000)], slow);
    // Subscribed first, then the first look: nothing between them can be missed.
    await eventually(() => node.subscriptionCount === 2 && node.count('get_operations') === 1);

    // The pool entry for this operation triggers a look.
    node.notify('new_operations', { ...node.state.operations.get(op.id)?.operation });
    await eventually(() => node.count('get_operations') === 2);

    node.setOperation(op.id, executed(true));
    node.notify('new_filled_blocks', filledBlockFixture({ period: 101, thread: 18 }, [[op.id, null]]));
    expect(await waiting).toMatchObject({ stage: 'speculative', status: 'SpeculativeSuccess' });
    await eventually(() => node.subscriptionCount === 0);
    expect(node.count('unsubscribe_new_filled_blocks')).toBe(1);
    expect(node.count('unsubscribe_new_operations')).toBe(1);
  });

  it('other operations in the pool do not trigger a look', async () => {
    const client = wsClient();
    const op = await send(client);
    const waiting = op.wait([speculative(), timeout(80)], slow);
    await eventually(() => node.subscriptionCount === 2 && node.count('get_operations') === 1);
    node.notify('new_operations', { id: 'O1other' });
    expect(await waiting).toMatchObject({ stage: 'timeout' });
    expect(node.count('get_operations')).toBe(1);
  });

  it('final and expired through block notifications', async () => {
    const client = wsClient();
    const first = await send(client);
    const second = await send(client);
    const waitingFinal = first.wait([final(), expired(), timeout(5_000)], slow);
    const waitingExpiry = second.wait([final(), expired(), timeout(5_000)], slow);
    await eventually(() => node.subscriptionCount === 4);

    node.setOperation(first.id, finalized(true));
    node.state.period = 110;
    node.notify('new_filled_blocks', filledBlockFixture({ period: 110, thread: 0 }, []));
    expect(await waitingFinal).toMatchObject({ stage: 'final', status: 'FinalSuccess' });
    expect(await waitingExpiry).toMatchObject({ stage: 'expired', expirePeriod: 109, period: 110 });
  });

  it('falls back to polling when the WebSocket is unavailable', async () => {
    const closed = await startTestNode();
    const wsUrl = closed.wsUrl;
    await closed.close();
    const client = wsClient(wsUrl);
    const op = await send(client);
    later(10, () => node.setOperation(op.id, executed(true)));
    expect(await op.wait([speculative(), timeout(5_000)], { pollIntervalMs: 5 })).toMatchObject({ stage: 'speculative' });
  });

  it('keeps going by polling when the socket drops mid-wait', async () => {
    const client = wsClient();
    const op = await send(client);
    const waiting = op.wait([speculative(), timeout(5_000)], { pollIntervalMs: 30 });
    await eventually(() => node.subscriptionCount === 2);
    node.dropWebSockets();
    node.setOperation(op.id, executed(true));
    expect(await waiting).toMatchObject({ stage: 'speculative' });
  });
});
