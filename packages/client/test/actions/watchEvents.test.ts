import { Args, type SCOutputEvent, type Slot } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../closedPort.js';
import { compileContract } from '../compileContract.js';
import { deploy, type Devnet, eventually, finalityAfter, startTestDevnet } from '../devnet.js';
import { Account } from '../../src/account/Account.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import { ClientError } from '../../src/errors.js';
import { callSC } from '../../src/operations/callSC.js';
import { getStatus } from '../../src/actions/getStatus.js';
import { watchEvents } from '../../src/actions/watchEvents.js';

// watchEvents against a real devnet: each event once, in order, pushed by new blocks over the
// WebSocket, or polled when there is none.

let devnet: Devnet;
let client: Client;
let account: Account;
let other: Account;
let greeter: string;
let second: string;

/** The slot after the node's execution cursor: where a watch from "now" starts. */
async function now(c: Client = client): Promise<Slot> {
  const { execution_stats } = await getStatus(c);
  const { period, thread } = execution_stats.active_cursor;
  return thread === 31 ? { period: period + 1, thread: 0 } : { period, thread: thread + 1 };
}

async function sum(target: string, a: number, b: number, from = account): Promise<string> {
  const operation = await callSC(client, from, { target, func: 'sum', parameter: new Args().addI32(a).addI32(b) });
  await operation.waitFinal({ pollIntervalMs: 5, timeoutMs: 10_000 });
  return operation.id;
}

beforeAll(async () => {
  let greeterWasm: Uint8Array;
  let deployerWasm: Uint8Array;
  [devnet, greeterWasm, deployerWasm] = await Promise.all([startTestDevnet(), compileContract('greeter'), compileContract('deployer')]);
  client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws, retry: false });
  account = Account.fromSecretKey(devnet.accounts[0]!.secretKey);
  other = Account.fromSecretKey(devnet.accounts[1]!.secretKey);
  ({ address: greeter } = await deploy(client, account, { deployer: deployerWasm, contract: greeterWasm, args: new Args().addString('Mason') }));
  ({ address: second } = await deploy(client, account, { deployer: deployerWasm, contract: greeterWasm, args: new Args().addString('Other') }));
}, 60_000);
afterAll(async () => {
  await client?.close();
  await devnet?.stop();
});

describe('watchEvents', () => {
  it('over the WebSocket, a new block triggers the look: events arrive without waiting for the poll timer', async () => {
    const events: SCOutputEvent[] = [];
    // A poll interval no test waits for: only notifications can deliver in time.
    const unwatch = watchEvents(client, { address: greeter, fromSlot: await now(), pollIntervalMs: 600_000 }, (event) => events.push(event));
    try {
      const first = await sum(greeter, 2, 3);
      await sum(second, 7, 7);
      const last = await sum(greeter, 4, 5);
      await eventually(() => events.length >= 2);
      expect(events.map((e) => e.data)).toEqual(['sum: 2 + 3 = 5', 'sum: 4 + 5 = 9']);
      expect(events.map((e) => e.context.origin_operation_id)).toEqual([first, last]);
    } finally {
      await unwatch();
    }
  });

  it('filters by caller and operation, and reports history from fromSlot', async () => {
    const fromOther = await sum(greeter, 10, 1, other);
    const byCaller: SCOutputEvent[] = [];
    const byOperation: SCOutputEvent[] = [];
    const history: SCOutputEvent[] = [];
    const stops = [
      watchEvents(client, { caller: other.address, fromSlot: { period: 0, thread: 0 }, pollIntervalMs: 10 }, (e) => byCaller.push(e)),
      watchEvents(client, { operationId: fromOther, fromSlot: { period: 0, thread: 0 }, pollIntervalMs: 10 }, (e) => byOperation.push(e)),
      watchEvents(client, { address: second, fromSlot: { period: 0, thread: 0 }, pollIntervalMs: 10 }, (e) => history.push(e)),
    ];
    try {
      await eventually(() => byCaller.length >= 1 && byOperation.length >= 1 && history.length >= 1);
      expect(byCaller.map((e) => e.data)).toEqual(['sum: 10 + 1 = 11']);
      expect(byOperation.map((e) => e.context.origin_operation_id)).toEqual([fromOther]);
      expect(history[0]!.data).toBe('Constructor called with name Other');
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });

  it('polls when the client has no WebSocket, and when the WebSocket is refused', async () => {
    const refused = createClient({ url: devnet.urls.public, wsUrl: `ws://127.0.0.1:${await closedPort()}`, retry: false });
    const plain = createClient({ url: devnet.urls.public, retry: false });
    const seen: Record<string, string[]> = { refused: [], plain: [] };
    const from = await now();
    const stops = [
      watchEvents(refused, { address: greeter, fromSlot: from, pollIntervalMs: 10 }, (e) => seen.refused!.push(e.data)),
      watchEvents(plain, { address: greeter, fromSlot: from, pollIntervalMs: 10 }, (e) => seen.plain!.push(e.data)),
    ];
    try {
      await sum(greeter, 1, 1);
      await eventually(() => seen.refused!.length >= 1 && seen.plain!.length >= 1);
      expect(seen).toEqual({ refused: ['sum: 1 + 1 = 2'], plain: ['sum: 1 + 1 = 2'] });
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await Promise.all([refused.close(), plain.close()]);
    }
  });

  it('without fromSlot, reports only what is executed after it started; nothing after unwatch', async () => {
    const seen: string[] = [];
    await sum(greeter, 20, 1);
    const unwatch = watchEvents(client, { address: greeter, pollIntervalMs: 10 }, (e) => seen.push(e.data));
    // The first look reads the cursor; once a later look has run, anything sent now is new.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sum(greeter, 20, 2);
    await eventually(() => seen.length >= 1);
    await unwatch();
    await sum(greeter, 20, 3);
    // Long enough for many 10 ms looks, had it not stopped.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual(['sum: 20 + 2 = 22']);
  });

  it('refuses a filter address that is not one', () => {
    expect(() => watchEvents(client, { address: 'AS1nope' }, () => {})).toThrow(ClientError);
  });

  it('reports failed looks to onError and goes on', async () => {
    const port = await closedPort();
    const down = createClient({ url: `http://127.0.0.1:${port}`, retry: false });
    const errors: unknown[] = [];
    const unwatch = watchEvents(down, { pollIntervalMs: 10, onError: (error) => errors.push(error) }, () => {});
    try {
      await eventually(() => errors.length >= 2);
      expect((errors[0] as ClientError).code).toBe('MASON_CLIENT_CONNECTION_REFUSED');
    } finally {
      await unwatch();
      await down.close();
    }
  });
});

describe('watchEvents on a devnet where finality lags execution', () => {
  let slow: Devnet;
  let slowClient: Client;
  beforeAll(async () => {
    slow = await startTestDevnet({ instant: false, deltaF0: finalityAfter(24) });
    slowClient = createClient({ url: slow.urls.public, wsUrl: slow.urls.ws, retry: false });
  }, 60_000);
  afterAll(async () => {
    await slowClient?.close();
    await slow?.stop();
  });

  it('reports a candidate event once, though it is seen again once final; final: true waits for finality', async () => {
    const [greeterWasm, deployerWasm] = await Promise.all([compileContract('greeter'), compileContract('deployer')]);
    const sender = Account.fromSecretKey(slow.accounts[0]!.secretKey);
    const candidate: SCOutputEvent[] = [];
    const final: SCOutputEvent[] = [];
    const from = await now(slowClient);
    const stops = [
      watchEvents(slowClient, { caller: sender.address, fromSlot: from, pollIntervalMs: 5 }, (e) => candidate.push(e)),
      watchEvents(slowClient, { caller: sender.address, fromSlot: from, final: true, pollIntervalMs: 5 }, (e) => final.push(e)),
    ];
    try {
      await deploy(slowClient, sender, { deployer: deployerWasm, contract: greeterWasm, args: new Args().addString('Slow') });
      await eventually(() => final.length >= 3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(candidate.length).toBe(final.length);
      expect(candidate.some((e) => !e.context.is_final)).toBe(true);
      expect(final.every((e) => e.context.is_final)).toBe(true);
      expect(candidate.map((e) => e.data)).toEqual(final.map((e) => e.data));
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });
});
