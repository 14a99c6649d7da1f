import { Args } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, deployContract, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// A contract stores float results as bits: as on a node (wasmer canonicalize_nans), a NaN is
// always the canonical one, whatever the CPU or the payload of the NaN it came from.

let devnet: Devnet;
let floats: string;
beforeAll(async () => {
  devnet = await startTestDevnet();
  floats = await deployContract(devnet, devnet.accounts[0]!.secretKey, await compileContract('floats'));
}, 60_000);
afterAll(() => devnet.stop());

const CANONICAL = 0x7ff8000000000000n;

async function compute(a: bigint, b: bigint): Promise<{ quotient: bigint; sum: bigint }> {
  const id = await sendOp(devnet, devnet.accounts[1]!.secretKey, {
    type: 'CallSC',
    maxGas: 100_000_000n,
    coins: 0n,
    target: floats,
    func: 'compute',
    param: new Args().addU64(a).addU64(b).serialize(),
  });
  expect((await waitFinal(devnet, id)).op_exec_status).toBe(true);
  const read = async (key: string) => {
    const [entry] = await call(devnet.urls.public, 'get_datastore_entries', [[{ address: floats, key: Array.from(new TextEncoder().encode(key)) }]]);
    return new DataView(Uint8Array.from(entry.final_value as number[]).buffer).getBigUint64(0, true);
  };
  return { quotient: await read('quotient'), sum: await read('sum') };
}

describe('NaN canonicalization in contracts on the devnet', () => {
  it('stores the canonical NaN, never a payload or the CPU default NaN', async () => {
    // a signaling NaN with a payload: without canonicalization its payload reaches the state
    expect(await compute(0x7ff0000000000001n, 0n)).toEqual({ quotient: CANONICAL, sum: CANONICAL });
    // 0 / 0: x86 produces 0xfff8000000000000 (sign bit set)
    expect((await compute(0n, 0n)).quotient).toBe(CANONICAL);
    // numbers are untouched: 3 / 2 = 1.5, 3 + 1 = 4
    const three = 0x4008000000000000n;
    expect(await compute(three, 0x4000000000000000n)).toEqual({ quotient: 0x3ff8000000000000n, sum: 0x4010000000000000n });
  });
});
