import { Args, MAS, parseMas, type Datastore } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { nodeOf } from '../src/internal.js';
import { compileContract } from './compileContract.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// Each fault fails its own operation with the node's error event, rolls back, keeps the fee,
// and the devnet keeps producing blocks.

let devnet: Devnet;
let faults: string[] = [];

function u64le(n: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, n, true);
  return bytes;
}

/** Deploys through massa-web3's deployer layout, with the deployer compiled from the VM's test contract. */
async function deploy(wasm: Uint8Array): Promise<string> {
  const deployer = await compileContract('deployer', { official: true });
  const datastore: Datastore = [
    [Uint8Array.of(0), u64le(1n)],
    [u64le(1n), wasm],
    // coins for contract 1, so it can pay for its storage
    [Uint8Array.of(...u64le(1n), 1, 0, 0, 0, 1), u64le(MAS)],
  ];
  const [alice] = devnet.accounts;
  const id = await sendOp(devnet, alice!.secretKey, { type: 'ExecuteSC', maxGas: 3_000_000_000n, maxCoins: 10n * MAS, bytecode: deployer, datastore });
  const info = await waitFinal(devnet, id);
  expect(info.op_exec_status).toBe(true);
  const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
  const text = events.map((e: any) => e.data).find((d: string) => d.startsWith('Contract deployed at address: '));
  return text.slice('Contract deployed at address: '.length);
}

beforeAll(async () => {
  devnet = await startTestDevnet();
  const wasm = await compileContract('faults');
  faults = [await deploy(wasm), await deploy(wasm)];
}, 60_000);
afterAll(() => devnet.stop());

async function callFault(func: string, param: Uint8Array = new Uint8Array(), maxGas = 200_000_000n) {
  const [, bob] = devnet.accounts;
  const [before] = await call(devnet.urls.public, 'get_addresses', [[bob!.address]]);
  const id = await sendOp(devnet, bob!.secretKey, { type: 'CallSC', maxGas, coins: 0n, target: faults[0]!, func, param });
  const info = await waitFinal(devnet, id);
  const [after] = await call(devnet.urls.public, 'get_addresses', [[bob!.address]]);
  const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
  const [touched] = await call(devnet.urls.public, 'get_datastore_entries', [[{ address: faults[0], key: Array.from(new TextEncoder().encode('touched')) }]]);
  return { id, info, events, touched, feePaid: parseMas(before.final_balance) - parseMas(after.final_balance) };
}

const other = () => new Args().addString(faults[1]!).serialize();

describe('contract faults on the devnet', () => {
  const cases: Array<[string, () => Uint8Array, RegExp]> = [
    // AssemblyScript's allocator traps with unreachable when memory.grow fails at the 64-page cap.
    ['allocate', () => new Uint8Array(), /unreachable/],
    ['recurse', () => new Uint8Array(), /recursion depth limit reached/],
    ['bigEvent', () => new Uint8Array(), /Event data size is too large/],
    ['manyEvents', () => new Uint8Array(), /Too many event for this operation|too many events|event/i],
    ['nestedTrap', other, /unreachable/],
    ['pingPong', other, /recursion depth limit reached/],
  ];
  for (const [func, param, pattern] of cases) {
    it(`${func}: fails its operation with the node error, rolls back, keeps the fee`, async () => {
      const { id, info, events, touched, feePaid } = await callFault(func, param());
      expect(info.op_exec_status).toBe(false);
      expect(feePaid).toBe(parseMas('0.01'));
      expect(touched.final_value).toBeNull();
      const last = events[events.length - 1];
      expect(last.context.is_error).toBe(true);
      const message = JSON.parse(last.data).massa_execution_error as string;
      expect(message.startsWith(`Runtime error: runtime error when executing operation ${id}: VM Error in CallSC context: `)).toBe(true);
      expect(message).toMatch(pattern);
      expect(events.every((e: any) => e.context.is_error)).toBe(true);
    });
  }

  it('keeps producing blocks and executing operations afterwards', async () => {
    const [, , carol] = devnet.accounts;
    const id = await sendOp(devnet, carol!.secretKey, { type: 'Transaction', recipient: devnet.accounts[3]!.address, amount: MAS });
    expect((await waitFinal(devnet, id)).op_exec_status).toBe(true);
    expect(nodeOf(devnet).productionErrors).toEqual([]);
  });
});
