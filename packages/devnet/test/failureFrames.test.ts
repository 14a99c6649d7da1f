import { createHash } from 'node:crypto';
import { Args } from '@mason/codec';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { deployContract } from './deployContract.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Where a failed execution stopped: Mason's methods give the failing module's frames (offsets of the
// bytecode as deployed), its hash and address, while the node's own answers keep their shapes.

let devnet: Devnet;
let faults: Uint8Array;
let outer: string;
let inner: string;

beforeAll(async () => {
  devnet = await startTestDevnet();
  faults = await compileContract('faults');
  const key = devnet.accounts[0]!.secretKey;
  outer = await deployContract(devnet, key, faults);
  inner = await deployContract(devnet, key, faults);
}, scaledTimeout(180_000));
afterAll(() => devnet.stop());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function callSc(func: string, param: Uint8Array): Promise<string> {
  const id = await sendOp(devnet, devnet.accounts[0]!.secretKey, { type: 'CallSC', maxGas: 100_000_000n, coins: 0n, target: outer, func, param });
  await waitFinal(devnet, id);
  return id;
}

describe('mason_get_operation_failure', () => {
  it("gives the innermost failing module's frames as offsets of its deployed bytecode, across the execution worker", async () => {
    const id = await callSc('nestedTrap', new Args().addString(inner).serialize());
    const [failure] = await call<any[]>(devnet.urls.public, 'mason_get_operation_failure', [[id]]);
    // the trap is in the called contract (the inner module), not in the caller
    expect(failure.module).toEqual({ bytecode_hash: sha256(faults), address: inner });
    expect(failure.abort).toBeNull();
    const top = failure.wasm_frames[0];
    expect(faults[top.offset]).toBe(0x00); // the original module's `unreachable`
    expect(top.function_index).toEqual(expect.any(Number));
    // the node's error event is the node's text
    const events = await call<any[]>(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
    expect(events.at(-1).data).toContain('RuntimeError: unreachable');
    expect(events.at(-1).data).not.toContain('wasm_frames');
  });

  it('is null for an unknown operation, one that succeeded, and one that failed outside wasm code', async () => {
    const ok = await callSc('constructor', new Uint8Array());
    const missing = await callSc('noSuchFunction', new Uint8Array());
    const answer = await call<unknown[]>(devnet.urls.public, 'mason_get_operation_failure', [[ok, missing, 'O1unknown']]);
    expect(answer).toEqual([null, null, null]);
  });
});

describe('mason_get_read_only_failure', () => {
  it('keeps the frames of a failed read-only call, whose node answer has no Mason field', async () => {
    const caller = devnet.accounts[1]!.address;
    const [answer] = await call<any[]>(devnet.urls.public, 'execute_read_only_call', [
      [{ max_gas: 100_000_000, target_address: outer, target_function: 'trap', parameter: [], caller_address: caller }],
    ]);
    expect(Object.keys(answer).sort()).toEqual(['executed_at', 'gas_cost', 'output_events', 'result', 'state_changes']);
    const error: string = answer.result.Error;
    expect(error).toContain('unreachable');
    const failure = await call<any>(devnet.urls.public, 'mason_get_read_only_failure', [{ error, caller }]);
    expect(failure.module).toEqual({ bytecode_hash: sha256(faults), address: outer });
    expect(faults[failure.wasm_frames[0].offset]).toBe(0x00);
    // another caller's failure, or another text, is not this one
    expect(await call(devnet.urls.public, 'mason_get_read_only_failure', [{ error, caller: devnet.accounts[2]!.address }])).toBeNull();
    expect(await call(devnet.urls.public, 'mason_get_read_only_failure', [{ error: 'something else' }])).toBeNull();
  });
});
