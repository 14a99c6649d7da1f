import { availableParallelism } from 'node:os';
import { Address, blake3 } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { DevnetOptionError } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, deployContract, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// `execution: 'inline'`: blocks and read-only calls run on the devnet's own thread (what
// devnetFixture() uses). The same chain as with workers; a contract that spins is stopped by the
// VM's watchdog, fails its own operation, and the node goes on.

// Counts the worker threads the devnets start: the inline one must start none.
const threads = vi.hoisted(() => ({ started: 0 }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>();
  class CountedWorker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      threads.started++;
    }
  }
  return { ...real, Worker: CountedWorker };
});

const BUDGET_MS = 500;
const MAX_GAS = 4_294_967_295;
let devnets: Record<'inline' | 'workers', Devnet>;
let slow: string;
let echoWasm: Uint8Array;

beforeAll(async () => {
  const bytecode = await compileContract('slow');
  echoWasm = await compileContract('echo');
  slow = Address.fromHash('contract', blake3(bytecode)).toString();
  const options = { instant: true, maxExecutionMs: BUDGET_MS, initialLedger: { [slow]: { balance: '10', bytecode: Array.from(bytecode) } } };
  const [inline, workers] = await Promise.all([startTestDevnet({ ...options, execution: 'inline' }), startTestDevnet({ ...options, execution: 'workers' })]);
  devnets = { inline: inline!, workers: workers! };
}, 60_000);
afterAll(() => Promise.all(Object.values(devnets ?? {}).map((devnet) => devnet.stop())));

const readOnly = async (devnet: Devnet, func: string, parameter: number[] = []) =>
  (
    await call(devnet.urls.public, 'execute_read_only_call', [
      [{ max_gas: MAX_GAS, target_address: slow, target_function: func, parameter, caller_address: null, coins: null, fee: null }],
    ])
  )[0];

async function callSlow(devnet: Devnet, func: string, param: number[] = []) {
  const id = await sendOp(devnet, devnet.accounts[1]!.secretKey, {
    type: 'CallSC',
    maxGas: 100_000_000n,
    coins: 0n,
    target: slow,
    func,
    param: Uint8Array.from(param),
  });
  const info = await waitFinal(devnet, id, 20_000);
  const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
  return { ok: info.op_exec_status as boolean, events: events.map((e: { data: string }) => e.data) as string[] };
}

/** What a user sees of one session on a devnet: a deployment, calls, failures, reads, balances. */
async function session(devnet: Devnet) {
  const [alice] = devnet.accounts;
  const echo = await deployContract(devnet, alice!.secretKey, echoWasm);
  const remembered = await callSlow(devnet, 'remember', [4, 2]);
  const recalled = await readOnly(devnet, 'recall');
  const [echoInfo] = await call(devnet.urls.public, 'get_addresses', [[echo]]);
  return {
    deployed: echo.startsWith('AS'),
    echoBalance: echoInfo.final_balance,
    remembered,
    recalled: recalled.result,
    ping: (await readOnly(devnet, 'ping')).result,
  };
}

describe("execution: 'inline'", () => {
  it('gives what the workers give: deployment, calls, events, read-only results, balances', async () => {
    const inline = await session(devnets.inline);
    expect(inline).toEqual(await session(devnets.workers));
    // The execution worker, the read-only worker and the signature workers (one per core but one,
    // started with it), all of the devnet with workers.
    expect(threads.started).toBe(2 + Math.min(4, availableParallelism() - 1));
    expect(inline).toMatchObject({ deployed: true, remembered: { ok: true }, recalled: { Ok: [4, 2] }, ping: { Ok: [1, 2, 3] } });
  }, 60_000);

  it('compiles a contract once for its blocks and its read-only calls (one module cache on the thread)', async () => {
    const modules = nodeOf(devnets.inline).inlineModules.modules;
    expect(modules).toBeDefined();
    expect((await callSlow(devnets.inline, 'remember', [1])).ok).toBe(true);
    const misses = modules!.misses;
    expect((await readOnly(devnets.inline, 'recall')).result).toEqual({ Ok: [1] });
    expect(modules!.misses).toBe(misses);
    // On workers, each VM has its own thread and its own cache.
    expect(nodeOf(devnets.workers).inlineModules.modules).toBeUndefined();
  }, 30_000);

  it("stops a spinning block execution with the watchdog's error event, and goes on", async () => {
    const spun = await callSlow(devnets.inline, 'hashForever');
    expect(spun.ok).toBe(false);
    expect(spun.events.at(-1)).toMatch(new RegExp(`execution stopped by the wall-clock watchdog after ${BUDGET_MS} ms`));
    // The spinning call's storage write was rolled back; the node still executes and answers.
    expect((await callSlow(devnets.inline, 'remember', [9])).ok).toBe(true);
    expect((await readOnly(devnets.inline, 'recall')).result).toEqual({ Ok: [9] });
    expect(nodeOf(devnets.inline).productionErrors).toEqual([]);
  }, 30_000);

  it('stops a spinning read-only call with the same error as on a worker', async () => {
    const [inline, workers] = [await readOnly(devnets.inline, 'fillForever'), await readOnly(devnets.workers, 'fillForever')];
    expect(inline.result.Error).toMatch(new RegExp(`execution stopped by the wall-clock watchdog after ${BUDGET_MS} ms$`));
    expect(inline.result).toEqual(workers.result);
    expect((await readOnly(devnets.inline, 'ping')).result).toEqual({ Ok: [1, 2, 3] });
  }, 30_000);

  it('refuses an unknown execution mode before starting anything', async () => {
    await expect(startTestDevnet({ execution: 'threads' as never })).rejects.toThrow(DevnetOptionError);
    await expect(startTestDevnet({ execution: 'threads' as never })).rejects.toThrow('execution must be "workers" or "inline", got threads');
  });
});
