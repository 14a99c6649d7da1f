// How the devnet's costs grow with its data: get_addresses against 10³/10⁴/10⁵ genesis accounts,
// get_filtered_sc_output_event against 10³/10⁴/10⁵ stored events, block production against 10²/10³/10⁴
// executed operations, and the heap used at each size. The devnet runs in this process (its heap
// is what is measured); requests still go through its JSON-RPC server.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Address, Args, parseMas, signOperation, toSendOperationInput } from '@mason/codec';
import { build } from '@mason/compiler';
import { startDevnet } from '@mason/devnet';
import { nodeOf } from '@mason/devnet/internal';
import { median, rpc } from '../lib.mjs';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const heapMiB = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

/** Heap once earlier devnets are really gone (fetch's keep-alive sockets hold them for ~4 s). */
async function settledHeapMiB() {
  let before = heapMiB();
  for (let i = 0; i < 16; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = heapMiB();
    if (Math.abs(now - before) < 0.5) return now;
    before = now;
  }
  return before;
}

const EVENTS_PER_CALL = 10;
const EMITTER = `import { generateEvent } from '@mason/sdk';
export function emit(_: StaticArray<u8>): void {
  for (let i = 0; i < ${EVENTS_PER_CALL}; i++) generateEvent('event ' + i.toString());
}
`;

async function emitterBytecode() {
  const root = mkdtempSync(join(tmpdir(), 'mason-bench-scaling-'));
  try {
    symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
    mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
    writeFileSync(join(root, 'assembly/contracts/emitter.ts'), EMITTER);
    await build({ root });
    return [...readFileSync(join(root, 'build/emitter.wasm'))];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const randomAddress = (kind) => Address.fromHash(kind, new Uint8Array(randomBytes(32))).toString();

async function latency(run, reps) {
  await run();
  const samples = [];
  for (let i = 0; i < reps; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

/** "×10 data → ×1.1 time: ~O(1)" from two consecutive sizes. */
function growth(prev, next, what = 'time', factor = 10) {
  if (!prev || !next) return '';
  const ratio = next / prev;
  const exponent = Math.log(ratio) / Math.log(factor);
  const shape = exponent < 0.25 ? '~O(1)' : exponent < 0.75 ? 'sub-linear' : exponent < 1.25 ? '~O(n)' : 'super-linear';
  return `×${factor} data → ×${ratio.toFixed(2)} ${what}: ${shape}`;
}

async function accountsScaling(sizes, reps) {
  const rows = [];
  let prev = null;
  for (const n of sizes) {
    const addresses = Array.from({ length: n }, () => randomAddress('user'));
    const initialLedger = Object.fromEntries(addresses.map((a) => [a, { balance: '1' }]));
    const base = await settledHeapMiB();
    const started = performance.now();
    const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, initialLedger });
    const startMs = performance.now() - started;
    let heap;
    try {
      const withDevnet = heapMiB();
      let i = 0;
      const ms = await latency(() => rpc(devnet.urls.public, 'get_addresses', [Array.from({ length: 10 }, () => addresses[(i = (i + 7919) % n)])]), reps);
      heap = withDevnet - base;
      rows.push({
        name: `get_addresses ×10, ${n} accounts`,
        value: ms,
        unit: 'ms (median)',
        anchor: null,
        anchorValue: null,
        ratio: null,
        target: growth(prev?.ms, ms),
        heapMiB: Number(heap.toFixed(1)),
        startMs: Number(startMs.toFixed(0)),
      });
      rows.push({
        name: `  devnet start, ${n} accounts`,
        value: startMs,
        unit: `ms; +${heap.toFixed(1)} MiB heap`,
        anchor: null,
        anchorValue: null,
        ratio: null,
        target: growth(prev?.startMs, startMs),
      });
      prev = { ms, startMs };
    } finally {
      await devnet.stop();
    }
  }
  return rows;
}

let callCounter = 0;

/**
 * Sends `count` CallSC emit operations from 64 senders, 512 at a time, each batch left to settle
 * (every block final, pool empty) before the next, so none expires in a thread's backlog.
 */
async function sendCalls(devnet, target, count, fee) {
  const node = nodeOf(devnet);
  let sent = 0;
  while (sent < count) {
    const status = await rpc(devnet.urls.public, 'get_status');
    const batch = [];
    for (let i = 0; i < Math.min(512, count - sent); i++) {
      const account = devnet.accounts[(sent + i) % devnet.accounts.length];
      const content = {
        fee,
        expirePeriod: status.last_slot.period + 9,
        // A counter in the parameter keeps every operation id distinct.
        op: { type: 'CallSC', maxGas: 20_000_000n, coins: 0n, target, func: 'emit', param: new Args().addU64(BigInt(callCounter++)).serialize() },
      };
      batch.push(toSendOperationInput(signOperation(content, account.secretKey, devnet.config.chainId)));
    }
    for (let i = 0; i < batch.length; i += 128) await rpc(devnet.urls.public, 'send_operations', [batch.slice(i, i + 128)]);
    sent += batch.length;
    if (!(await node.settle(60_000))) throw new Error('the devnet did not settle within 60 s');
  }
}

async function historyScaling(stages, reps) {
  const bytecode = await emitterBytecode();
  const target = randomAddress('contract');
  const base = await settledHeapMiB();
  const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, accounts: 64, initialLedger: { [target]: { balance: '10', bytecode } } });
  const node = nodeOf(devnet);
  const blockTimes = [];
  const produce = node.produceBlock.bind(node);
  node.produceBlock = async (slot) => {
    const started = performance.now();
    const block = await produce(slot);
    blockTimes.push({ ms: performance.now() - started, ops: block.operations.length });
    return block;
  };
  const fee = parseMas('0.01');
  const rows = [];
  let prev = null;
  let done = 0;
  try {
    for (const ops of stages) {
      await sendCalls(devnet, target, ops - done, fee);
      done = ops;
      const events = node.events.final.length;
      const heap = heapMiB() - base;
      // An operation's events (indexed), and a filter that scans every event (one caller's).
      const someOp = node.events.final[Math.floor(events / 2)].context.origin_operation_id;
      const byOp = await latency(() => rpc(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: someOp }]), reps);
      const caller = devnet.accounts[5].address;
      const byCaller = await latency(
        () =>
          rpc(devnet.urls.public, 'get_filtered_sc_output_event', [
            { original_caller_address: caller, is_final: true, start: { period: node.lastProducedSlot.period, thread: 0 } },
          ]),
        reps,
      );
      // Block production with this history: a probe of 64 calls (one per sender), blocks timed.
      blockTimes.length = 0;
      await sendCalls(devnet, target, 64, fee);
      done += 64;
      const withOps = blockTimes.filter((b) => b.ops > 0);
      const perBlock = median(withOps.map((b) => b.ms));
      const perOp = withOps.reduce((s, b) => s + b.ms, 0) / withOps.reduce((s, b) => s + b.ops, 0);
      const label = `${events} events, ${node.finalExecutedOperations} ops`;
      rows.push(
        {
          name: `events by operation id, ${events} events`,
          value: byOp,
          unit: 'ms (median)',
          anchor: null,
          anchorValue: null,
          ratio: null,
          target: growth(prev?.byOp, byOp),
        },
        {
          name: `events by caller (scan), ${events} events`,
          value: byCaller,
          unit: 'ms (median)',
          anchor: null,
          anchorValue: null,
          ratio: null,
          target: growth(prev?.byCaller, byCaller),
        },
        {
          name: `block production, ${ops} ops before`,
          value: perBlock,
          unit: `ms/block (${perOp.toFixed(2)} ms/op)`,
          anchor: null,
          anchorValue: null,
          ratio: null,
          target: growth(prev?.perBlock, perBlock),
        },
        { name: `  heap used, ${label}`, value: heap, unit: 'MiB above start', anchor: null, anchorValue: null, ratio: null, target: '' },
      );
      prev = { byOp, byCaller, perBlock, heap };
    }
  } finally {
    await devnet.stop();
  }
  let previous = null;
  for (const row of rows.filter((r) => r.name.startsWith('  heap used'))) {
    row.target = growth(previous, row.value, 'memory');
    previous = row.value;
  }
  return rows;
}

/** Each size bounded: 10⁵ accounts start in seconds; 10⁴ CallSC (10⁵ events) take ~10 s on 2 cores. */
export async function scaling({ quick = false } = {}) {
  const reps = quick ? 10 : 30;
  const rows = await accountsScaling([1_000, 10_000, 100_000], reps);
  rows.push(...(await historyScaling([100, 1_000, 10_000], reps)));
  return rows;
}
