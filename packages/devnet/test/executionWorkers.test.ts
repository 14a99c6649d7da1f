import { Address, blake3 } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { createReadOnlyExecutor } from '../src/readOnly/readOnlyExecutor.js';
import { ReadOnlyWorker } from '../src/readOnly/ReadOnlyWorker.js';
import { compileContract } from './compileContract.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Blocks execute on a worker thread, and read-only executions on another, holding a replica of
// the candidate ledger: a spinning execution blocks neither the servers nor the other kind, and
// the replica follows every block.

const BUDGET_MS = 3_000;
const MAX_GAS = 4_294_967_295;
let devnet: Devnet;
let slow: string;

function readOnlyRequest(func: string, parameter: number[] = []) {
  return { max_gas: MAX_GAS, target_address: slow, target_function: func, parameter, caller_address: null, coins: null, fee: null };
}

const readOnly = async (func: string, parameter: number[] = []) =>
  (await call(devnet.urls.public, 'execute_read_only_call', [[readOnlyRequest(func, parameter)]]))[0];

async function remember(value: number[]) {
  const [alice] = devnet.accounts;
  const id = await sendOp(devnet, alice!.secretKey, {
    type: 'CallSC',
    maxGas: 10_000_000n,
    coins: 0n,
    target: slow,
    func: 'remember',
    param: Uint8Array.from(value),
  });
  expect((await waitFinal(devnet, id)).op_exec_status).toBe(true);
}

beforeAll(async () => {
  const bytecode = await compileContract('slow');
  slow = Address.fromHash('contract', blake3(bytecode)).toString();
  devnet = await startTestDevnet({ instant: true, maxExecutionMs: BUDGET_MS, initialLedger: { [slow]: { balance: '10', bytecode: Array.from(bytecode) } } });
}, 60_000);
afterAll(() => devnet?.stop());

describe('executions on worker threads', () => {
  it('finalizes operations and answers requests while a read-only call spins, then gives its watchdog error', async () => {
    const order: string[] = [];
    const spinning = readOnly('fillForever').then((result) => {
      order.push('read-only done');
      return result;
    });
    await remember([7, 7]);
    order.push('operation final');
    expect((await call(devnet.urls.public, 'get_status')).node_id).toEqual(expect.any(String));
    order.push('status answered');
    const result = await spinning;
    expect(order).toEqual(['operation final', 'status answered', 'read-only done']);
    expect(result.result.Error).toMatch(/execution stopped by the wall-clock watchdog after 3000 ms$/);
    // The worker goes on, and sees the state the spinning call ran beside.
    expect((await readOnly('recall')).result).toEqual({ Ok: [7, 7] });
  }, 30_000);

  it('answers requests, read-only calls included, while a block spins in a CallSC on the execution worker', async () => {
    const [, bob] = devnet.accounts;
    const id = await sendOp(devnet, bob!.secretKey, {
      type: 'CallSC',
      maxGas: 4_000_000_000n,
      coins: 0n,
      target: slow,
      func: 'hashForever',
      param: new Uint8Array(),
    });
    const executed = async () => (await call(devnet.urls.public, 'get_operations', [[id]]))[0];
    // Out of the pool: its block is produced and executing (for up to the 3 s budget).
    while (nodeOf(devnet).pool.has(id)) await new Promise((resolve) => setImmediate(resolve));
    expect((await call(devnet.urls.public, 'get_status')).node_id).toEqual(expect.any(String));
    expect((await readOnly('ping')).result).toEqual({ Ok: [1, 2, 3] });
    // Both were answered while the block was still executing.
    expect(await executed()).toMatchObject({ in_pool: false, in_blocks: [expect.any(String)], op_exec_status: null });
    expect((await waitFinal(devnet, id, 20_000)).op_exec_status).toBe(false);
  }, 30_000);

  it("keeps its replica in step with every block's changes", async () => {
    for (const value of [[1], [2, 3], []]) {
      await remember(value);
      expect((await readOnly('recall')).result).toEqual({ Ok: value });
    }
  });

  it('terminates a worker past its deadline, fails that call only, and starts a fresh one with the current state', async () => {
    const worker = new ReadOnlyWorker(nodeOf(devnet), { maxExecutionMs: 60_000, deadlineMs: 200 });
    const executor = createReadOnlyExecutor(nodeOf(devnet), (job) => worker.run(job));
    try {
      const stuck = await executor.call(readOnlyRequest('fillForever'));
      expect(stuck.result).toEqual({
        Error:
          'readonly call failed: VM Error in ReadOnlyExecutionTarget::FunctionCall context: VM execution error: RuntimeError: Runtime error: execution stopped after 200 ms, past the wall-clock budget',
      });
      expect(stuck.gas_cost).toBe(0);
      await remember([4, 2]);
      expect((await executor.call(readOnlyRequest('recall'))).result).toEqual({ Ok: [4, 2] });
    } finally {
      await worker.close();
    }
  }, 30_000);

  it("fails the call running at close with the reason, then answers the node's Channel error", async () => {
    const worker = new ReadOnlyWorker(nodeOf(devnet));
    const executedAt = { period: 1, thread: 0 };
    const job = (func: string) =>
      ({
        kind: 'call',
        executedAt,
        request: { target: slow, function: func, param: new Uint8Array(), maxGas: MAX_GAS, context: { slot: executedAt, timestamp: 0 } },
      }) as const;
    const spinning = worker.run(job('fillForever'));
    await worker.close();
    expect((await spinning).result).toEqual({
      Error:
        'readonly call failed: VM Error in ReadOnlyExecutionTarget::FunctionCall context: VM execution error: RuntimeError: Runtime error: the node is stopping',
    });
    expect((await worker.run(job('ping'))).result).toEqual({ Error: 'readonly call failed: Channel error' });
  });
});
