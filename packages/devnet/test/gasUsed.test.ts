import { Args, MAS, SecretKey } from '@mason/codec';
import { MemoryLedger, Vm } from '@mason/vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { deployContract } from './deployContract.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// get_operations says how much gas an executed ExecuteSC or CallSC used: Mason's extension of the
// node's OperationInfo, the VM's own figure.

let devnet: Devnet;
let echo: Uint8Array;
let address: string;
let faults: string;
let spinner: string;

beforeAll(async () => {
  devnet = await startTestDevnet();
  echo = await compileContract('echo');
  address = await deployContract(devnet, devnet.accounts[0]!.secretKey, echo);
  faults = await deployContract(devnet, devnet.accounts[0]!.secretKey, await compileContract('faults'));
  spinner = await deployContract(devnet, devnet.accounts[0]!.secretKey, await compileContract('spinner'));
}, 60_000);
afterAll(() => devnet.stop());

const shoutArgs = new Args().addString('hello').serialize();

describe('gas_used in get_operations', () => {
  it('is what the VM charges for the same CallSC', async () => {
    const alice = devnet.accounts[0]!;
    const [storage] = await call<any[]>(devnet.urls.public, 'get_addresses', [[address]]);
    expect(storage.final_datastore_keys).toEqual([]); // as in the VM below
    const id = await sendOp(devnet, alice.secretKey, { type: 'CallSC', maxGas: 100_000_000n, coins: 0n, target: address, func: 'shout', param: shoutArgs });
    const info = await waitFinal(devnet, id);
    expect(info.op_exec_status).toBe(true);
    const vm = new Vm({
      chainId: 77,
      state: new MemoryLedger({
        [alice.address]: { balance: 1_000n * MAS },
        [address]: { balance: MAS, bytecode: echo },
      }),
    });
    const expected = vm.callSC({ caller: alice.address, target: address, function: 'shout', param: shoutArgs, maxGas: 100_000_000n });
    expect(expected.ok).toBe(true);
    expect(info.gas_used).toBe(Number(expected.gasUsed));
  });

  it('counts a failed call too (all of its limit when it runs out of gas), and is absent for a transfer', async () => {
    const alice = devnet.accounts[0]!;
    const failed = await sendOp(devnet, alice.secretKey, {
      type: 'CallSC',
      maxGas: 50_000_000n,
      coins: 0n,
      target: faults,
      func: 'trap',
      param: new Uint8Array(),
    });
    const spin = await sendOp(devnet, alice.secretKey, {
      type: 'CallSC',
      maxGas: 2_200_000n,
      coins: 0n,
      target: spinner,
      func: 'spin',
      param: new Uint8Array(),
    });
    const transfer = await sendOp(devnet, alice.secretKey, {
      type: 'Transaction',
      recipient: SecretKey.generate().publicKey.address().toString(),
      amount: MAS,
    });
    const [failedInfo, spinInfo, transferInfo] = await Promise.all([failed, spin, transfer].map((id) => waitFinal(devnet, id)));
    expect(failedInfo.op_exec_status).toBe(false);
    expect(failedInfo.gas_used).toBeGreaterThan(0);
    expect(failedInfo.gas_used).toBeLessThan(50_000_000);
    expect(spinInfo).toMatchObject({ op_exec_status: false, gas_used: 2_200_000 });
    expect(transferInfo.op_exec_status).toBe(true);
    expect(transferInfo).not.toHaveProperty('gas_used');
  });
});
