import { Account, Args, JsonRpcProvider, Mas, OperationStatus, SmartContract, bytesToStr } from '@massalabs/massa-web3';
import { MAS, SecretKey } from '@mason/codec';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetAccountKey, type Devnet, isForkError } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, rpc, sendOp, startTestDevnet, waitFinal } from './helpers.js';
import { type RemoteDevnet, startRemoteDevnet } from './remoteDevnet.js';

// Devnet A (on a thread of its own) is the remote; devnet B forks it. Everything on A is set up
// through massa-web3 and real signed operations before B starts.

const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const text = (bytes: number[] | null) => (bytes === null ? null : new TextDecoder().decode(Uint8Array.from(bytes)));

let remote: RemoteDevnet;
let fork: Devnet;
let greeter: string;
const recipient = SecretKey.generate().publicKey.address().toString();
let remoteFinalPeriod: number;

async function web3On(url: string, index = 0): Promise<JsonRpcProvider> {
  const account = await Account.fromPrivateKey(devnetAccountKey(index).reveal());
  return JsonRpcProvider.fromRPCUrl(url, account) as JsonRpcProvider;
}

const entry = async (url: string, address: string, key: string) => {
  const [value] = await call(url, 'get_datastore_entries', [[{ address, key: utf8(key) }]]);
  return { final: text(value.final_value), candidate: text(value.candidate_value) };
};

beforeAll(async () => {
  const [started, wasm] = await Promise.all([startRemoteDevnet({ instant: true }), compileContract('greeter')]);
  remote = started;
  const provider = await web3On(remote.urls.public);
  const contract = await SmartContract.deploy(provider, wasm, new Args().addString('Mason'), { coins: MAS / 10n, waitFinalExecution: true });
  greeter = contract.address;
  const sum = await contract.call('sum', new Args().addI32(2n).addI32(3n));
  expect(await sum.waitFinalExecution()).toBe(OperationStatus.Success);
  const transfer = await provider.transfer(recipient, 7n * MAS);
  expect(await transfer.waitFinalExecution()).toBe(OperationStatus.Success);
  remoteFinalPeriod = (await call(remote.urls.public, 'get_status')).execution_stats.final_cursor.period;
  fork = await startTestDevnet({ instant: true, fork: { url: remote.urls.public } });
}, scaledTimeout(120_000));

afterAll(async () => {
  await fork?.stop();
  await remote?.stop();
});

describe('fork mode', () => {
  it("continues the remote's chain: its chain id, genesis and t0, from the period after its latest final one", async () => {
    const [a, b] = await Promise.all([call(remote.urls.public, 'get_status'), call(fork.urls.public, 'get_status')]);
    expect(b.chain_id).toBe(a.chain_id);
    expect(b.config.genesis_timestamp).toBe(a.config.genesis_timestamp);
    expect(b.config.t0).toBe(a.config.t0);
    expect(fork.config.fork?.period).toBe(remoteFinalPeriod);
    expect(b.execution_stats.final_cursor.period).toBeGreaterThanOrEqual(remoteFinalPeriod);
    expect(b.last_slot.period).toBeGreaterThan(remoteFinalPeriod);
  });

  it("reads the remote's balances, bytecode and datastore, final and candidate", async () => {
    const [info] = await call(fork.urls.public, 'get_addresses', [[recipient]]);
    expect(info.final_balance).toBe('6.999');
    expect(info.candidate_balance).toBe('6.999');
    const [[local], [remoteCode]] = await Promise.all([
      call(fork.urls.public, 'get_addresses_bytecode', [[{ address: greeter, is_final: true }]]),
      call(remote.urls.public, 'get_addresses_bytecode', [[{ address: greeter, is_final: true }]]),
    ]);
    expect(local.length).toBeGreaterThan(100);
    expect(local).toEqual(remoteCode);
    expect(await entry(fork.urls.public, greeter, 'name')).toEqual({ final: 'Mason', candidate: 'Mason' });
    expect(await entry(fork.urls.public, greeter, 'last')).toEqual({ final: '5', candidate: '5' });
    const [contract] = await call(fork.urls.public, 'get_addresses', [[greeter]]);
    expect(contract.final_datastore_keys.map(text).sort()).toEqual(['last', 'name']);
  });

  it("calls the remote's contract: it reads and writes the remote's storage locally, and nothing reaches the remote", async () => {
    const provider = await web3On(fork.urls.public, 1);
    const contract = new SmartContract(provider, greeter);
    const operation = await contract.call('sum', new Args().addI32(40n).addI32(2n));
    expect(await operation.waitFinalExecution()).toBe(OperationStatus.Success);
    expect((await operation.getFinalEvents()).map((event) => event.data)).toContain('sum: 40 + 2 = 42');
    // Traced like any local call: the frame of the remote contract's function.
    expect(JSON.stringify(fork.trace(operation.id))).toContain(greeter);
    expect(await entry(fork.urls.public, greeter, 'last')).toEqual({ final: '42', candidate: '42' });
    expect(await entry(remote.urls.public, greeter, 'last')).toEqual({ final: '5', candidate: '5' });
    expect(bytesToStr((await contract.read('greet')).value)).toBe('Hello, Mason!');
  });

  it('a deleted remote key stays deleted, and key listings merge the remote keys with local writes', async () => {
    expect(await call(fork.urls.private, 'mason_delete_datastore_entry', [greeter, utf8('name')])).toBe(true);
    expect(await call(fork.urls.private, 'mason_set_datastore_entry', [greeter, utf8('added'), utf8('here')])).toBe(true);
    expect(await entry(fork.urls.public, greeter, 'name')).toEqual({ final: null, candidate: null });
    const [contract] = await call(fork.urls.public, 'get_addresses', [[greeter]]);
    expect(contract.final_datastore_keys.map(text).sort()).toEqual(['added', 'last']);
    const [keys] = await call(fork.urls.public, 'get_addresses_datastore_keys', [[{ address: greeter, prefix: [], is_final: false }]]);
    expect(keys.keys.map(text).sort()).toEqual(['added', 'last']);
    const provider = await web3On(fork.urls.public, 1);
    const read = await new SmartContract(provider, greeter).read('greet');
    expect(read.info.error).toContain('data entry not found: key "name"');
    expect(await entry(remote.urls.public, greeter, 'name')).toEqual({ final: 'Mason', candidate: 'Mason' });
  });

  it('massa-web3 drives the fork: a transfer to a remote account adds to its remote balance (no entry to create), the remote keeps its own', async () => {
    const provider = await web3On(fork.urls.public, 2);
    const status = await provider.getNodeStatus();
    expect(status.chainId).toBe((await call(remote.urls.public, 'get_status')).chain_id);
    const transfer = await provider.transfer(recipient, Mas.fromString('3'));
    expect(await transfer.waitFinalExecution()).toBe(OperationStatus.Success);
    const [[local], [far]] = await Promise.all([
      call(fork.urls.public, 'get_addresses', [[recipient]]),
      call(remote.urls.public, 'get_addresses', [[recipient]]),
    ]);
    expect(local.final_balance).toBe('9.999');
    expect(far.final_balance).toBe('6.999');
  });

  it("the devnet's funded accounts are set on top of the remote state", async () => {
    expect(fork.accounts[0]!.address).toBe(devnetAccountKey(0).publicKey.address().toString());
    const [info] = await call(fork.urls.public, 'get_addresses', [[fork.accounts[5]!.address]]);
    expect(info.final_balance).toBe('1000000');
  });

  it('operations sent to the fork never reach the remote', async () => {
    // Same chain id: an operation signed for the fork is a valid operation of the remote chain too
    // (as with anvil --fork-url): the fork does not relay it, the remote never sees it.
    const id = await sendOp(fork, devnetAccountKey(3), { type: 'Transaction', recipient: recipient, amount: MAS });
    await waitFinal(fork, id);
    const [onRemote] = await call(remote.urls.public, 'get_operations', [[id]]);
    expect(onRemote).toBeUndefined();
  });
});

describe('fork mode: a remote that cannot be forked', () => {
  it('refuses an unreachable remote with MASON_DEVNET_FORK_UNREACHABLE', async () => {
    const error = await startTestDevnet({ fork: { url: 'http://127.0.0.1:9/', timeoutMs: 2_000 } }).catch((e) => e);
    expect(isForkError(error, 'MASON_DEVNET_FORK_UNREACHABLE')).toBe(true);
    expect(error.message).toContain('http://127.0.0.1:9/');
    const notUrl = await startTestDevnet({ fork: { url: 'buildnet' } }).catch((e) => e);
    expect(isForkError(notUrl, 'MASON_DEVNET_FORK_UNREACHABLE')).toBe(true);
  });

  it('refuses a server that is not a Massa node with MASON_DEVNET_FORK_NOT_A_NODE', async () => {
    // The remote's private API: it answers JSON-RPC, but get_status is not one of its methods.
    const error = await startTestDevnet({ fork: { url: remote.urls.private } }).catch((e) => e);
    expect(isForkError(error, 'MASON_DEVNET_FORK_NOT_A_NODE')).toBe(true);
    expect(error.message).toMatch(/get_status → -32019/);
    const explorer = await startTestDevnet({ fork: { url: `${remote.urls.explorer}/` } }).catch((e) => e);
    expect(isForkError(explorer, 'MASON_DEVNET_FORK_NOT_A_NODE')).toBe(true);
  });

  it('refuses a period other than the latest final one with MASON_DEVNET_FORK_PERIOD_UNAVAILABLE', async () => {
    const { period } = (await call(remote.urls.public, 'get_status')).execution_stats.final_cursor;
    for (const bad of [period - 1, period + 1000, -1, 1.5]) {
      const error = await startTestDevnet({ fork: { url: remote.urls.public, period: bad } }).catch((e) => e);
      expect(isForkError(error, 'MASON_DEVNET_FORK_PERIOD_UNAVAILABLE'), String(bad)).toBe(true);
    }
    const past = await startTestDevnet({ fork: { url: remote.urls.public, period: period - 1 } }).catch((e) => e);
    expect(past.message).toContain('serves only the state of its latest final period');
  });

  it('refuses options that fork mode decides itself', async () => {
    const error = await startTestDevnet({ chainId: 5n, fork: { url: remote.urls.public } }).catch((e) => e);
    expect(isForkError(error, 'MASON_DEVNET_FORK_OPTION_CONFLICT')).toBe(true);
  });
});

describe('fork mode: the remote stops while the fork runs', () => {
  it(
    'a read the fork cannot answer fails that request with MASON_DEVNET_FORK_READ_FAILED; the fork keeps serving',
    async () => {
      const mortal = await startRemoteDevnet({ instant: true });
      const wasm = await compileContract('greeter');
      const deployed = await SmartContract.deploy(await web3On(mortal.urls.public), wasm, new Args().addString('gone'), {
        coins: MAS / 10n,
        waitFinalExecution: true,
      });
      const forked = await startTestDevnet({ instant: true, fork: { url: mortal.urls.public, timeoutMs: 5_000 } });
      try {
        const known = forked.accounts[0]!.address;
        await mortal.stop();
        const unknown = SecretKey.generate().publicKey.address().toString();
        const { error } = await rpc(forked.urls.public, 'get_addresses', [[unknown]]);
        expect(error?.message).toContain('MASON_DEVNET_FORK_READ_FAILED');
        expect(error?.message).toContain(unknown);
        const [info] = await call(forked.urls.public, 'get_addresses', [[known]]);
        expect(info.final_balance).toBe('1000000');
        const id = await sendOp(forked, devnetAccountKey(0), { type: 'Transaction', recipient: forked.accounts[1]!.address, amount: MAS });
        expect((await waitFinal(forked, id)).op_exec_status).toBe(true);
        // A transfer to an account the fork never read: that operation fails, with the reason in its event.
        const failing = await sendOp(forked, devnetAccountKey(0), { type: 'Transaction', recipient: unknown, amount: MAS });
        expect((await waitFinal(forked, failing)).op_exec_status).toBe(false);
        const [event] = await call(forked.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: failing }]);
        expect(event.data).toContain(`cannot read the account ${unknown} from the forked node ${mortal.urls.public}/`);
        // A contract the fork never read: a read-only call of it (massa-web3 estimating a call's
        // gas) fails, and so does an operation calling it, with the reason in its event.
        const provider = await web3On(forked.urls.public, 4);
        const estimated = await new SmartContract(provider, deployed.address).call('sum', new Args().addI32(1n).addI32(2n)).catch((e) => e);
        expect(estimated.message).toContain(`cannot read the account ${deployed.address}`);
        const callId = await sendOp(forked, devnetAccountKey(4), {
          type: 'CallSC',
          maxGas: 100_000_000n,
          coins: 0n,
          target: deployed.address,
          func: 'sum',
          param: new Args().addI32(1n).addI32(2n).serialize(),
        });
        expect((await waitFinal(forked, callId)).op_exec_status).toBe(false);
        const [callEvent] = await call(forked.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: callId }]);
        expect(callEvent.data).toContain(`cannot read the account ${deployed.address}`);
      } finally {
        await forked.stop();
        await mortal.stop();
      }
    },
    scaledTimeout(60_000),
  );
});
