import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_ID, RECIPIENT, SENDER } from '../fixtures.js';
import { startTestNode, type TestNode } from '../testNode.js';
import { Account } from '../../src/account/Account.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import type { Operation } from '../../src/operations/Operation.js';
import { transfer } from '../../src/operations/transfer.js';
import { expired } from '../../src/wait/expired.js';
import { final } from '../../src/wait/final.js';
import { speculative } from '../../src/wait/speculative.js';
import { timeout } from '../../src/wait/timeout.js';

// Waiting in situations a real devnet cannot produce (test/testNode.ts): an execution cursor
// behind the clock (the devnet executes a slot at its time, a node ~2 s later), a node error in
// the middle of a wait, and a WebSocket closed by the server. The strategies themselves are
// tested on the devnet in waitForOperation.test.ts.

let node: TestNode;
const clients: Client[] = [];
const account = Account.fromSecretKey(SENDER.secret);
let amount = 1n;

beforeAll(async () => {
  node = await startTestNode();
  node.state.balances.set(SENDER.address, '1000');
});
afterAll(() => node.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  node.received.length = 0;
  node.state.period = 100;
  node.state.activeCursor = undefined;
});

function client(wsUrl?: string): Client {
  const created = createClient({ url: node.url, retry: false, ...(wsUrl && { wsUrl }) });
  clients.push(created);
  return created;
}

/** A fresh operation (distinct amount → distinct id), pooled by the node. */
function send(c: Client): Promise<Operation> {
  return transfer(c, account, { to: RECIPIENT.address, amount: amount++ });
}

const later = (ms: number, action: () => void) => setTimeout(action, ms);
const fast = { pollIntervalMs: 5 };

describe('waiting when the node lags, fails or drops the socket', () => {
  it('expired waits for the execution cursor too, not only the clock', async () => {
    const op = await send(client());
    expect(op.expirePeriod).toBe(109);
    later(10, () => {
      node.state.period = 110;
      // Execution still at the expire period: its block may yet run the operation.
      node.state.activeCursor = { period: 109, thread: 31 };
    });
    let cursorPassed = false;
    later(40, () => {
      node.state.activeCursor = { period: 110, thread: 0 };
      cursorPassed = true;
    });
    const result = await op.wait([final(), expired(), timeout(5_000)], fast);
    expect(result).toMatchObject({ stage: 'expired', status: 'PendingInclusion', expirePeriod: 109, period: 110 });
    // Not expired when the clock passed the period, only once the execution cursor did.
    expect(cursorPassed).toBe(true);
  });

  it('rejects when the node cannot be asked', async () => {
    const op = await send(client());
    node.fault('get_operations', { rpc: { code: -32602, message: 'Invalid params' } });
    await expect(op.wait([final(), timeout(5_000)], fast)).rejects.toMatchObject({ rpcCode: -32602 });
  });

  it('keeps going by polling when the socket drops mid-wait', async () => {
    const op = await send(client(node.wsUrl));
    const waiting = op.wait([speculative(), timeout(5_000)], { pollIntervalMs: 30 });
    for (let i = 0; i < 400 && node.subscriptionCount < 2; i++) await new Promise((r) => setTimeout(r, 5));
    expect(node.subscriptionCount).toBe(2);
    node.dropWebSockets();
    node.setOperation(op.id, { in_pool: false, in_blocks: [BLOCK_ID], op_exec_status: true, is_operation_final: false });
    expect(await waiting).toMatchObject({ stage: 'speculative' });
  });
});
