import { Address, blake3 } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { createReadOnlyExecutor } from '../src/readOnly.js';
import { ReadOnlyWorker } from '../src/readOnly/ReadOnlyWorker.js';
import { compileContract } from './compileContract.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Read-only executions run on a worker thread holding a replica of the candidate ledger: a
// spinning one blocks neither the servers nor the chain, and the replica follows every block.

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

describe('read-only executions on a worker thread', () => {
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

  it("keeps its replica in step with every block's changes", async () => {
    for (const value of [[1], [2, 3], []]) {
      await remember(value);
      expect((await readOnly('recall')).result).toEqual({ Ok: value });
    }
  });

  it('terminates a worker past its deadline, fails that call only, and starts a fresh one with the current state', async () => {
    const worker = new ReadOnlyWorker(devnet.node, { maxExecutionMs: 60_000, deadlineMs: 200 });
    const executor = createReadOnlyExecutor(devnet.node, (job) => worker.run(job));
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
    const worker = new ReadOnlyWorker(devnet.node);
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
