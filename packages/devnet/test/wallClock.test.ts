import { Address, blake3, parseMas } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { createReadOnlyExecutor } from '../src/readOnly/readOnlyExecutor.js';
import { ReadOnlyWorker } from '../src/readOnly/ReadOnlyWorker.js';
import { READONLY_QUEUE_LENGTH, ReadOnlyQueue } from '../src/readOnly/readOnlyQueue.js';
import { compileContract } from './compileContract.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Gas bounds a node's work, not its wall time here: a 4 MiB memory.fill costs one operator. The
// devnet stops an execution at its wall-clock budget (small here, to keep the tests fast), fails
// it like any failed execution, and keeps serving. The contract is in the genesis ledger: deploying
// it (compiling the deployer and the contract) can itself take longer than such a budget.

const BUDGET_MS = 150;
const MAX_GAS = 4_294_967_295;
let devnet: Devnet;
let slow: string;

const utf8 = (text: string) => Array.from(new TextEncoder().encode(text));

function readOnlyRequest(func: string) {
  return { max_gas: MAX_GAS, target_address: slow, target_function: func, parameter: [], caller_address: null, coins: null, fee: null };
}

beforeAll(async () => {
  const bytecode = await compileContract('slow');
  slow = Address.fromHash('contract', blake3(bytecode)).toString();
  devnet = await startTestDevnet({ maxExecutionMs: BUDGET_MS, initialLedger: { [slow]: { balance: '10', bytecode: Array.from(bytecode) } } });
}, 60_000);
afterAll(() => devnet?.stop());

describe('wall-clock watchdog on the devnet', () => {
  it('stops a read-only call looping over a 4 MiB memory.fill, and the node goes on answering', async () => {
    const pending = call(devnet.urls.public, 'execute_read_only_call', [[readOnlyRequest('fillForever')]]);
    const status = call(devnet.urls.public, 'get_status');
    const [result] = await pending;
    expect(result.result.Error).toMatch(
      /^readonly call failed: VM Error in ReadOnlyExecutionTarget::FunctionCall context: VM execution error: RuntimeError: Runtime error: execution stopped by the wall-clock watchdog after 150 ms$/,
    );
    expect(result.output_events.map((event: { data: string; context: { is_error: boolean } }) => [event.data, event.context.is_error])).toEqual([
      ['filling', true],
    ]);
    expect(result.gas_cost).toBe(0);
    expect((await status).node_id).toEqual(expect.any(String));
    const [ok] = await call(devnet.urls.public, 'execute_read_only_call', [[readOnlyRequest('ping')]]);
    expect(ok.result).toEqual({ Ok: [1, 2, 3] });
  });

  it('fails a CallSC looping over blake3 of 3 MB with the error event, rolls it back, keeps the fee', async () => {
    const [, bob] = devnet.accounts;
    const balance = async () => parseMas((await call(devnet.urls.public, 'get_addresses', [[bob!.address]]))[0].final_balance);
    const before = await balance();
    const id = await sendOp(devnet, bob!.secretKey, {
      type: 'CallSC',
      maxGas: 4_000_000_000n,
      coins: 0n,
      target: slow,
      func: 'hashForever',
      param: new Uint8Array(),
    });
    const info = await waitFinal(devnet, id, 20_000);
    expect(info.op_exec_status).toBe(false);
    const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
    expect(events).toHaveLength(1);
    expect(events[0].context.is_error).toBe(true);
    expect(JSON.parse(events[0].data).massa_execution_error).toBe(
      `Runtime error: runtime error when executing operation ${id}: VM Error in CallSC context: VM execution error: RuntimeError: Runtime error: execution stopped by the wall-clock watchdog after 150 ms`,
    );
    const [touched] = await call(devnet.urls.public, 'get_datastore_entries', [[{ address: slow, key: utf8('touched') }]]);
    expect(touched.final_value).toBeNull();
    expect(touched.candidate_value).toBeNull();
    expect(before - (await balance())).toBe(parseMas('0.01'));
    // The devnet keeps producing and finalizing blocks.
    const next = await sendOp(devnet, bob!.secretKey, { type: 'CallSC', maxGas: 10_000_000n, coins: 0n, target: slow, func: 'ping', param: new Uint8Array() });
    expect((await waitFinal(devnet, next)).op_exec_status).toBe(true);
  }, 30_000);

  it("refuses read-only calls past the node's queue of 100 with its error, and answers get_status after", async () => {
    // Requests from separate clients reach the queue while earlier ones wait (see the CLI test for
    // the same over HTTP from another process); here they are submitted in one turn of the loop.
    const worker = new ReadOnlyWorker(nodeOf(devnet));
    const executor = createReadOnlyExecutor(nodeOf(devnet), (job) => worker.run(job), new ReadOnlyQueue());
    const results = await Promise.all(Array.from({ length: READONLY_QUEUE_LENGTH + 5 }, () => executor.call(readOnlyRequest('ping'))));
    expect(results.slice(0, READONLY_QUEUE_LENGTH).every((result) => JSON.stringify(result.result) === JSON.stringify({ Ok: [1, 2, 3] }))).toBe(true);
    for (const result of results.slice(READONLY_QUEUE_LENGTH)) {
      expect(result).toMatchObject({
        executed_at: { period: 0, thread: 0 },
        result: { Error: 'readonly call failed: Channel error' },
        gas_cost: 0,
        output_events: [],
      });
    }
    // Once drained, the queue takes requests again.
    expect((await executor.call(readOnlyRequest('ping'))).result).toEqual({ Ok: [1, 2, 3] });
    expect((await call(devnet.urls.public, 'get_status')).node_id).toEqual(expect.any(String));
    await worker.close();
  });
});
