import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Account, createClient } from '@mason/client';
import { Args, MAS, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { build } from '@mason/compiler';
import { deployFromBuild } from '@mason/deployer';
import { startDevnet } from '@mason/devnet';
import { nodeOf } from '@mason/devnet/internal';
import { cpuMs, median, rpc, spawnUntil } from '../lib.mjs';

const COUNTER = `import { Args, Storage, generateEvent, u64ToBytes, bytesToU64 } from '@mason/sdk';
export function constructor(_: StaticArray<u8>): void {}
export function add(binaryArgs: StaticArray<u8>): void {
  const n = new Args(binaryArgs).nextU64().expect('n');
  const total = (Storage.has('total') ? bytesToU64(Storage.getAs<StaticArray<u8>>('total')) : 0) + n;
  Storage.set('total', u64ToBytes(total));
  generateEvent('added');
}
`;

/** A throwaway project with the bench contract, built with @mason/compiler. */
export async function buildBenchProject() {
  const root = mkdtempSync(join(tmpdir(), 'mason-bench-'));
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'assembly/contracts'), { recursive: true });
  writeFileSync(join(root, 'assembly/contracts/counter.ts'), COUNTER);
  await build({ root });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export async function deployOnce(devnet, root, network) {
  const client = createClient({ url: devnet.urls.public, wsUrl: devnet.urls.ws });
  const account = Account.fromSecretKey(devnet.accounts[0].secretKey);
  try {
    const started = performance.now();
    const result = await deployFromBuild({ client, account, contract: 'counter', root, network, coins: MAS / 10n, pollIntervalMs: 10 });
    return { ms: performance.now() - started, address: result.address };
  } finally {
    await client.close();
  }
}

/** mason deploy → final on the default devnet, against the same devnet with mainnet timing. */
export async function deployToFinal({ runs = 10, withMainnetAnchor = true } = {}) {
  const project = await buildBenchProject();
  try {
    const fast = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
    const times = [];
    try {
      for (let i = 0; i < runs; i++) times.push((await deployOnce(fast, project.root, `bench-${i}`)).ms);
    } finally {
      await fast.stop();
    }
    let anchorValue = null;
    if (withMainnetAnchor) {
      const slow = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, mainnetTiming: true });
      try {
        anchorValue = (await deployOnce(slow, project.root, 'bench-mainnet')).ms;
      } finally {
        await slow.stop();
      }
    }
    const value = median(times);
    return [
      {
        name: 'deploy → final (default devnet)',
        value,
        unit: 'ms (median)',
        anchor: 'same devnet with --mainnet-timing (one run)',
        anchorValue,
        ratio: anchorValue ? value / anchorValue : null,
        target: '≤ 1000 ms',
      },
    ];
  } finally {
    project.remove();
  }
}

/** Finalized CallSC operations per second: the devnet in its own process (mason node), 64 senders, operations signed ahead (see below) and sent in batches of 128. */
export async function callThroughput({ operations = 4000, instant = false, nodeArgs = [] } = {}) {
  const project = await buildBenchProject();
  const { child, info } = await spawnDevnet(['--accounts', '64', ...(instant ? ['--instant'] : []), ...nodeArgs]);
  try {
    const devnet = { urls: info.urls, accounts: info.accounts.map((a) => ({ secretKey: SecretKey.fromString(a.secretKey) })) };
    const { address } = await deployOnce(devnet, project.root, 'bench-throughput');
    const baseline = (await rpc(info.urls.public, 'get_status')).execution_stats.final_executed_operations_count;
    const fee = parseMas('0.01');
    const sign = (i, expirePeriod) =>
      toSendOperationInput(
        signOperation(
          {
            fee,
            expirePeriod,
            op: { type: 'CallSC', maxGas: 5_000_000n, coins: 0n, target: address, func: 'add', param: new Args().addU64(BigInt(i + 1)).serialize() },
          },
          devnet.accounts[i % devnet.accounts.length].secretKey,
          77n,
        ),
      );
    // Signed ahead, 2,048 operations at a time, valid 9 periods (4.6 s on the default devnet): the
    // first window before the clock starts (the figure is the devnet's, not the client's signing),
    // later windows of a long run within it, when their turn comes (an operation signed at the
    // start would expire before it is sent).
    const WINDOW = 2048;
    const signWindow = async (from) => {
      const { last_slot } = await rpc(info.urls.public, 'get_status');
      const batches = [];
      for (let i = from; i < Math.min(from + WINDOW, operations); i += 128) {
        const batch = [];
        for (let j = i; j < Math.min(i + 128, operations, from + WINDOW); j++) batch.push(sign(j, last_slot.period + 9));
        batches.push(batch);
      }
      return batches;
    };
    let window = await signWindow(0);
    const devnetCpuBefore = cpuMs(child.pid);
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    // One batch in flight at a time, as one client sending in turn.
    for (let from = 0; from < operations; from += WINDOW) {
      if (from > 0) window = await signWindow(from);
      for (const batch of window) await rpc(info.urls.public, 'send_operations', [batch]);
    }
    // An operation not executed before its expire period never will be: fail rather than wait forever.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const final = (await rpc(info.urls.public, 'get_status')).execution_stats.final_executed_operations_count - baseline;
      if (final >= operations) break;
      if (Date.now() > deadline) throw new Error(`only ${final} of ${operations} calls final after 120 s (the others expired: the devnet fell behind)`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    // CPU of every thread of the devnet process (main, workers, V8's compiler and GC threads) and of this client.
    const devnetCpu = cpuMs(child.pid) - devnetCpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const failed = (await rpc(info.urls.public, 'get_filtered_sc_output_event', [{ emitter_address: address, is_error: true }])).length;
    return [
      {
        name: `finalized CallSC throughput${instant ? ', instant mode' : ''}`,
        value: operations / seconds,
        unit: 'ops/s',
        anchor: null,
        anchorValue: null,
        ratio: null,
        target: '≥ 5000 ops/s (2,000 operations)',
        errors: failed,
      },
      {
        name: `CallSC${instant ? ' instant' : ''}: devnet CPU per operation (all threads)`,
        value: (devnetCpu * 1000) / operations,
        unit: 'µs/op',
        anchor: null,
        anchorValue: null,
        ratio: null,
        target: 'report',
        coresBusy: devnetCpu / 1000 / seconds,
      },
      {
        name: `CallSC${instant ? ' instant' : ''}: client CPU per operation`,
        value: ((clientCpu.user + clientCpu.system) / 1000 / operations) * 1000,
        unit: 'µs/op',
        anchor: null,
        anchorValue: null,
        ratio: null,
        target: 'report',
      },
    ];
  } finally {
    child.kill('SIGTERM');
    project.remove();
  }
}

/**
 * What one CallSC costs the devnet, without the client, HTTP or the wait for finality: a devnet in
 * this process, `operations` pre-signed calls from 64 senders admitted as send_operations admits
 * them (`node.submitOperations`, batches of 128: decode, Ed25519 checks on the main thread and a
 * worker, pool; timed as wall time), then every block that executes, integrates and
 * finalizes them (`node.produceBlock`, timed as the node's clock calls it). The sum per operation
 * is the CPU ceiling of the pipeline on one core, whatever the finality mode.
 */
export async function callPipeline({ operations = 2000 } = {}) {
  const project = await buildBenchProject();
  const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, accounts: 64 });
  const node = nodeOf(devnet);
  let productionMs = 0;
  const produce = node.produceBlock.bind(node);
  node.produceBlock = async (slot) => {
    const started = performance.now();
    const block = await produce(slot);
    productionMs += performance.now() - started;
    return block;
  };
  try {
    const { address } = await deployOnce(devnet, project.root, 'bench-pipeline');
    if (!(await node.settle(60_000))) throw new Error('the deployment did not settle');
    const fee = parseMas('0.01');
    const expirePeriod = node.currentSlot().period + 20;
    const inputs = [];
    for (let i = 0; i < operations; i++) {
      const op = { type: 'CallSC', maxGas: 5_000_000n, coins: 0n, target: address, func: 'add', param: new Args().addU64(BigInt(i + 1)).serialize() };
      inputs.push(toSendOperationInput(signOperation({ fee, expirePeriod, op }, devnet.accounts[i % 64].secretKey, devnet.config.chainId)));
    }
    productionMs = 0;
    const finalBefore = node.finalExecutedOperations;
    let admissionMs = 0;
    for (let i = 0; i < operations; i += 128) {
      const started = performance.now();
      await node.submitOperations(inputs.slice(i, i + 128));
      admissionMs += performance.now() - started;
      // Let the clock's blocks run between batches, as they do between a client's requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!(await node.settle(60_000))) throw new Error('the calls did not settle within 60 s');
    const executed = node.finalExecutedOperations - finalBefore;
    if (executed !== operations) throw new Error(`${executed} of ${operations} calls were executed`);
    const admission = (admissionMs * 1000) / operations;
    const production = (productionMs * 1000) / operations;
    const total = admission + production;
    return [
      { name: 'CallSC pipeline: admission', value: admission, unit: 'µs/op', anchor: null, anchorValue: null, ratio: null, target: 'report' },
      {
        name: 'CallSC pipeline: blocks (execute, integrate, finalize)',
        value: production,
        unit: 'µs/op',
        anchor: null,
        anchorValue: null,
        ratio: null,
        target: 'report',
      },
      { name: 'CallSC pipeline: one-core ceiling', value: 1e6 / total, unit: 'ops/s', anchor: null, anchorValue: null, ratio: null, target: '≥ 5000 ops/s' },
    ];
  } finally {
    await devnet.stop();
    project.remove();
  }
}

function spawnDevnet(extra) {
  const cli = fileURLToPath(new URL('../../packages/cli/bin/mason.js', import.meta.url));
  return spawnUntil(
    process.execPath,
    [
      ...(process.env.MASON_BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.MASON_BENCH_PROFILE] : []),
      cli,
      'node',
      '--ephemeral',
      '--json',
      '--public-port',
      '0',
      '--private-port',
      '0',
      '--api-port',
      '0',
      ...extra,
    ],
    /^\{/,
  ).then(({ child, line }) => ({ child, info: JSON.parse(line) }));
}
