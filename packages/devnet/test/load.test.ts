// Load: eight senders send transfers and CallSC concurrently while WebSocket subscribers listen.
// Nothing is lost, nothing executes twice, balances add up, every subscriber hears every
// operation, and a subscriber that stops reading is disconnected rather than buffered forever.
// Memory under load is measured in bench/ (scaling, hostile clients), not asserted here.
import { Args, MAS, parseMas, signOperation, toSendOperationInput, type Operation } from '@mason/codec';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DevnetOptionError, type Devnet, type DevnetAccount } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, startTestDevnet, waitFinal } from './helpers.js';

const SENDERS = 8;
const TRANSFERS_PER_SENDER = 100;
const CALLS_PER_SENDER = 40;
const BATCH = 10;
const FEE = parseMas('0.01');
/** The slow subscriber is dropped once this much waits for it (the default, 16 MiB, would take far longer to fill). */
const MAX_BUFFERED = 256 * 1024;

let devnet: Devnet;
let greeter: string;
/** An existing account (a transfer creating an address would pay its 0.001 MAS ledger entry from the amount). */
let recipient: string;

function u64le(n: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, n, true);
  return bytes;
}

beforeAll(async () => {
  devnet = await startTestDevnet({ accounts: SENDERS + 2, maxSubscriberBufferedBytes: MAX_BUFFERED });
  const [deployer, wasm] = await Promise.all([compileContract('deployer', { official: true }), compileContract('greeter')]);
  const deployerAccount = devnet.accounts[SENDERS]!;
  recipient = devnet.accounts[SENDERS + 1]!.address;
  const status = await call(devnet.urls.public, 'get_status');
  const input = toSendOperationInput(
    signOperation(
      {
        fee: FEE,
        expirePeriod: status.last_slot.period + 9,
        op: {
          type: 'ExecuteSC',
          maxGas: 3_000_000_000n,
          maxCoins: 10n * MAS,
          bytecode: deployer,
          datastore: [
            [Uint8Array.of(0), u64le(1n)],
            [u64le(1n), wasm],
            [Uint8Array.of(...u64le(1n), 1, 0, 0, 0, 0), new Args().addString('load').serialize()],
            [Uint8Array.of(...u64le(1n), 1, 0, 0, 0, 1), u64le(5n * MAS)],
          ],
        },
      },
      deployerAccount.secretKey,
      BigInt(status.chain_id),
    ),
  );
  const [id] = await call<string[]>(devnet.urls.public, 'send_operations', [[input]]);
  expect((await waitFinal(devnet, id!)).op_exec_status).toBe(true);
  const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
  greeter = events
    .map((e: any) => e.data as string)
    .find((d: string) => d.startsWith('Contract deployed at address: '))!
    .slice(30);
  expect(greeter).toMatch(/^AS/);
}, 60_000);
afterAll(() => devnet?.stop());

interface Listener {
  ws: WebSocket;
  operations: Map<string, number>;
  filled: Map<string, number>;
  received: number;
  closed: Promise<number>;
}

/** A WebSocket subscriber counting every operation id it hears of, by topic. */
async function listen(topics: Record<string, number>): Promise<Listener> {
  const ws = new WebSocket(devnet.urls.ws);
  const listener: Listener = {
    ws,
    operations: new Map(),
    filled: new Map(),
    received: 0,
    closed: new Promise((resolve) => ws.once('close', (code) => resolve(code))),
  };
  const bump = (map: Map<string, number>, id: string) => map.set(id, (map.get(id) ?? 0) + 1);
  let pending = 0;
  let subscribed: () => void = () => {};
  const allSubscribed = new Promise<void>((resolve) => (subscribed = resolve));
  ws.on('message', (data) => {
    listener.received++;
    const message = JSON.parse(data.toString());
    if (message.id !== undefined) {
      if (typeof message.result !== 'number') throw new Error(`subscription refused: ${data}`);
      if (--pending === 0) subscribed();
    } else if (message.method === 'new_operations') bump(listener.operations, message.params.result.id);
    else if (message.method === 'new_filled_blocks') for (const [id] of message.params.result.operations) bump(listener.filled, id);
  });
  await new Promise<void>((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  for (const [topic, count] of Object.entries(topics)) {
    for (let i = 0; i < count; i++) {
      pending++;
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: ++id, method: `subscribe_${topic}`, params: [] }));
    }
  }
  await allSubscribed;
  return listener;
}

interface Round {
  ids: string[];
  spent: Map<string, bigint>;
  transferred: bigint;
  millis: number;
}

/** Every sender signs its operations and sends them in batches, all senders at once. */
async function round(tag: number): Promise<Round> {
  const status = await call(devnet.urls.public, 'get_status');
  const chainId = BigInt(status.chain_id);
  const spent = new Map<string, bigint>();
  let transferred = 0n;
  const started = Date.now();
  const perSender = await Promise.all(
    devnet.accounts.slice(0, SENDERS).map(async (sender: DevnetAccount, s) => {
      const ops: Operation[] = [];
      for (let i = 0; i < TRANSFERS_PER_SENDER; i++) {
        // Distinct amounts make distinct operation ids.
        const amount = BigInt(tag * 1_000_000 + s * 1_000 + i + 1);
        transferred += amount;
        ops.push({ type: 'Transaction', recipient, amount });
      }
      for (let i = 0; i < CALLS_PER_SENDER; i++) {
        ops.push({
          type: 'CallSC',
          maxGas: 50_000_000n,
          coins: 0n,
          target: greeter,
          func: 'sum',
          param: new Args()
            .addI32(tag)
            .addI32(s * 1_000 + i)
            .serialize(),
        });
      }
      spent.set(
        sender.address,
        ops.reduce((total, op) => total + FEE + (op.type === 'Transaction' ? op.amount : 0n), 0n),
      );
      const ids: string[] = [];
      for (let i = 0; i < ops.length; i += BATCH) {
        // Signed batch by batch against the node's current period: on a loaded machine, signing
        // everything up front can take longer than the validity window.
        const now = await call(devnet.urls.public, 'get_status');
        const expirePeriod = now.last_slot.period + 9;
        const inputs = ops.slice(i, i + BATCH).map((op) => toSendOperationInput(signOperation({ fee: FEE, expirePeriod, op }, sender.secretKey, chainId)));
        ids.push(...(await call<string[]>(devnet.urls.public, 'send_operations', [inputs])));
      }
      return ids;
    }),
  );
  const ids = perSender.flat();
  await waitAllFinal(ids);
  return { ids, spent, transferred, millis: Date.now() - started };
}

async function getOperations(ids: string[]): Promise<any[]> {
  const out: any[] = [];
  for (let i = 0; i < ids.length; i += 128) out.push(...(await call<any[]>(devnet.urls.public, 'get_operations', [ids.slice(i, i + 128)])));
  return out;
}

async function waitAllFinal(ids: string[], timeoutMs = scaledTimeout(15_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const infos = await getOperations(ids);
    if (infos.length === ids.length && infos.every((info) => info.is_operation_final === true)) return;
    if (Date.now() > deadline) {
      const unknown = ids.length - infos.length;
      const notFinal = infos.filter((i) => i.is_operation_final !== true).length;
      throw new Error(`${notFinal} of ${ids.length} operations not final and ${unknown} unknown after ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function finalBalances(addresses: string[]): Promise<Map<string, bigint>> {
  const infos = await call<any[]>(devnet.urls.public, 'get_addresses', [addresses]);
  return new Map(infos.map((info) => [info.address, parseMas(info.final_balance)]));
}

async function eventually(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the devnet under load', () => {
  it(
    'loses nothing, executes nothing twice, notifies every subscriber, and drops a subscriber that stops reading',
    async () => {
      const senders = devnet.accounts.slice(0, SENDERS).map((a) => a.address);
      const listeners = await Promise.all([0, 1, 2].map(() => listen({ new_operations: 1, new_filled_blocks: 1 })));
      // A subscriber that stops reading, with many subscriptions so it falls behind quickly.
      const slow = await listen({ new_operations: 50, new_filled_blocks: 50 });
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();

      const rounds: Round[] = [];
      for (const tag of [1, 2]) {
        const before = await finalBalances([...senders, recipient]);
        const result = await round(tag);
        rounds.push(result);
        const ops = SENDERS * (TRANSFERS_PER_SENDER + CALLS_PER_SENDER);
        expect(result.ids).toHaveLength(ops);
        expect(new Set(result.ids).size).toBe(ops);

        // Every operation final, successful, in exactly one block.
        const infos = await getOperations(result.ids);
        expect(infos.filter((i) => i.op_exec_status !== true || i.in_blocks.length !== 1 || i.in_pool)).toEqual([]);

        // Balances add up to the nano: each sender paid its amounts and fees, the recipient got every amount.
        const after = await finalBalances([...senders, recipient]);
        for (const address of senders) expect(before.get(address)! - after.get(address)!).toBe(result.spent.get(address));
        expect(after.get(recipient)! - before.get(recipient)!).toBe(result.transferred);

        // Every reading subscriber heard of every operation once when sent and once in a filled block.
        for (const listener of listeners) {
          await eventually(() => result.ids.every((id) => listener.filled.has(id)), 'every filled block notification');
          expect(result.ids.filter((id) => listener.operations.get(id) !== 1)).toEqual([]);
          expect(result.ids.filter((id) => listener.filled.get(id) !== 1)).toEqual([]);
        }
      }

      // The CallSCs ran: the contract's last write is one of this run's sums.
      const [entry] = await call<any[]>(devnet.urls.public, 'get_datastore_entries', [
        [{ address: greeter, key: Array.from(new TextEncoder().encode('last')) }],
      ]);
      expect(Number(new TextDecoder().decode(Uint8Array.from(entry.final_value)))).toBeGreaterThan(0);

      // The slow subscriber was cut off by the devnet, not fed forever: resuming reads drains what
      // the kernel held, then the connection is found closed abnormally (terminated, code 1006).
      (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
      const code = await Promise.race([slow.closed, new Promise<string>((r) => setTimeout(() => r('still open'), 5_000))]);
      expect(code).toBe(1006);
      const total = rounds.reduce((n, r) => n + r.ids.length, 0);
      expect(slow.received).toBeLessThan(100 * total);
      for (const listener of listeners) {
        expect(listener.ws.readyState).toBe(WebSocket.OPEN);
        listener.ws.close();
      }
      console.log(
        `load: ${rounds.map((r) => `${r.ids.length} ops final in ${r.millis} ms`).join(', ')}; slow subscriber got ${slow.received} messages before being dropped`,
      );
    },
    scaledTimeout(40_000),
  );
});

describe('maxSubscriberBufferedBytes', () => {
  it('refuses a limit that is not a non-negative integer, before opening anything', async () => {
    await expect(startTestDevnet({ maxSubscriberBufferedBytes: -1 })).rejects.toThrow('maxSubscriberBufferedBytes must be a non-negative integer, got -1');
    await expect(startTestDevnet({ maxSubscriberBufferedBytes: 1.5 })).rejects.toThrow(DevnetOptionError);
  });
});
