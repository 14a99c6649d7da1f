import { Account, Args, JsonRpcProvider, OperationStatus, SmartContract, bytesToStr } from '@massalabs/massa-web3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAS, SecretKey } from '@mason/codec';
import type { Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, startTestDevnet } from './helpers.js';

// @massalabs/massa-web3 5.x, unchanged, pointed at the devnet.

let devnet: Devnet;
let provider: JsonRpcProvider;
let greeterWasm: Uint8Array;
let contract: SmartContract;

beforeAll(async () => {
  [devnet, greeterWasm] = await Promise.all([startTestDevnet(), compileContract('greeter')]);
  const account = await Account.fromPrivateKey(devnet.accounts[0]!.secretKey.reveal());
  provider = JsonRpcProvider.fromRPCUrl(devnet.urls.public, account) as JsonRpcProvider;
}, 60_000);
afterAll(() => devnet.stop());

describe('massa-web3 against the devnet', () => {
  it('reads the node status and balances', async () => {
    const status = await provider.getNodeStatus();
    expect(status.chainId).toBe(77);
    const network = await provider.networkInfos();
    expect(network.chainId).toBe(77n);
    expect(await provider.balance(true)).toBe(1_000_000n * MAS);
  });

  it('transfers coins to final', async () => {
    const recipient = SecretKey.generate().publicKey.address().toString();
    const operation = await provider.transfer(recipient, 2n * MAS);
    expect(await operation.waitFinalExecution()).toBe(OperationStatus.Success);
    const [info] = await call(devnet.urls.public, 'get_addresses', [[recipient]]);
    expect(info.final_balance).toBe('1.999');
  });

  it('deploys a contract built with @mason/sdk through its own deployer, waiting for finality', async () => {
    contract = await SmartContract.deploy(provider, greeterWasm, new Args().addString('Mason'), { coins: MAS / 10n, waitFinalExecution: true });
    expect(contract.address).toMatch(/^AS/);
    const events = await provider.getEvents({ smartContractAddress: contract.address, isFinal: true });
    expect(events.map((e) => e.data)).toContain('Constructor called with name Mason');
  });

  it('deploys and calls a contract built with the official @massalabs/massa-as-sdk, unchanged', async () => {
    const wasm = await compileContract('officialHello', { official: true });
    const official = await SmartContract.deploy(provider, wasm, new Args().addString('Massa'), { coins: MAS / 10n });
    expect(official.address).toMatch(/^AS/);
    const read = await official.read('hello');
    expect(bytesToStr(read.value)).toBe('Hello, Massa!');
    const operation = await official.call('hello');
    expect(await operation.waitFinalExecution()).toBe(OperationStatus.Success);
    expect((await operation.getFinalEvents()).map((e) => e.data)).toEqual(['Hello, Massa!']);
  });

  it('calls a function, and reads its events by operation and by emitter', async () => {
    const operation = await contract.call('sum', new Args().addI32(2n).addI32(3n));
    // web3 resolves on any status at least as far as asked; the devnet is often final already.
    expect([OperationStatus.SpeculativeSuccess, OperationStatus.Success]).toContain(await operation.waitSpeculativeExecution());
    const speculative = await operation.getSpeculativeEvents();
    expect(speculative.map((e) => e.data)).toEqual(['sum: 2 + 3 = 5']);
    expect(await operation.waitFinalExecution()).toBe(OperationStatus.Success);
    const final = await operation.getFinalEvents();
    expect(final[0]?.context.is_final).toBe(true);
    const byEmitter = await provider.getEvents({ smartContractAddress: contract.address });
    expect(byEmitter.some((e) => e.data === 'sum: 2 + 3 = 5')).toBe(true);
  });

  it('runs read-only calls', async () => {
    const result = await contract.read('greet');
    expect(bytesToStr(result.value)).toBe('Hello, Mason!');
    expect(result.info.gasCost).toBeGreaterThanOrEqual(2_100_000);
  });

  it('reads datastore keys and values', async () => {
    const keys = await provider.getStorageKeys(contract.address, '', true);
    expect(keys.map((k) => bytesToStr(k)).sort()).toEqual(['last', 'name']);
    const [name] = await provider.readStorage(contract.address, ['name'], true);
    expect(bytesToStr(name!)).toBe('Mason');
  });

  it('reports a failing call as an error, with the node error event', async () => {
    const operation = await contract.call('fail', undefined, { maxGas: 50_000_000n });
    expect([OperationStatus.SpeculativeError, OperationStatus.Error]).toContain(await operation.waitSpeculativeExecution());
    const events = await operation.getSpeculativeEvents();
    expect(events.map((e) => e.context.is_error)).toEqual([true, true]);
    expect(events[0]?.data).toBe('about to fail');
    const error = JSON.parse(events[1]!.data).massa_execution_error as string;
    expect(error).toContain(`runtime error when executing operation ${operation.id}: VM Error in CallSC context: VM execution error:`);
    expect(error).toContain('this call always fails');
    expect(await operation.waitFinalExecution()).toBe(OperationStatus.Error);
  });

  it('an infinite loop fails its own operation out of gas and the devnet keeps producing', async () => {
    const operation = await contract.call('spin', undefined, { maxGas: 20_000_000n });
    expect(await operation.waitFinalExecution()).toBe(OperationStatus.Error);
    const [event] = await operation.getFinalEvents();
    expect(JSON.parse(event!.data).massa_execution_error).toContain('Not enough gas');
    const next = await provider.transfer(devnet.accounts[1]!.address, MAS);
    expect(await next.waitFinalExecution()).toBe(OperationStatus.Success);
  });
});
