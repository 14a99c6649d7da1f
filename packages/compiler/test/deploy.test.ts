// Deploys through @mason/vm exactly as a node runs an ExecuteSC: the bundled deployer as bytecode,
// constructor arguments and coins in the operation datastore.
import { Args, ArrayType, MAS, SecretKey } from '@mason/codec';
import { MemoryLedger, Vm, type ExecutionResult } from '@mason/vm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, deployerDatastore, loadDeployerTemplate, type BuildResult } from '../src/index.js';
import { GREETING, HELLO, PLAIN, makeProject } from './support/project.js';

const SENDER = SecretKey.fromSeed(new Uint8Array(32).fill(1)).publicKey.address().toString();
const MAX_GAS = 3_980_167_295n;
const CALL_GAS = 100_000_000n;
const CONTEXT = { slot: { period: 3, thread: 7 }, timestamp: 1_760_000_000_000 };

let built: BuildResult;
let deployer: Uint8Array;
let contract: Uint8Array;
let plain: Uint8Array;

beforeAll(async () => {
  const root = makeProject({
    'assembly/contracts/main.ts': HELLO,
    'assembly/contracts/plain.ts': PLAIN,
    'assembly/lib/greeting.ts': GREETING,
  });
  built = await build({ root });
  deployer = new Uint8Array(readFileSync(join(root, 'build/main.deployer.wasm')));
  contract = new Uint8Array(readFileSync(join(root, 'build/main.wasm')));
  plain = new Uint8Array(readFileSync(join(root, 'build/plain.wasm')));
}, 60_000);

function vm(): { vm: Vm; ledger: MemoryLedger } {
  const ledger = new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS } });
  return { vm: new Vm({ state: ledger, chainId: 77n }), ledger };
}

function addressesOf(result: ExecutionResult): string[] {
  const last = result.events.at(-1)!;
  return new Args(new Uint8Array(Buffer.from(last.data, 'base64'))).nextArray(ArrayType.STRING) as string[];
}

describe('a bundled deployer', () => {
  it('creates its contract and calls the constructor with the datastore args and coins', () => {
    const { vm: machine, ledger } = vm();
    const result = machine.executeSC({
      bytecode: deployer,
      caller: SENDER,
      maxGas: MAX_GAS,
      datastore: deployerDatastore([{ args: new Args().addString('Mason').serialize(), coins: MAS }]),
      context: CONTEXT,
      operationId: 'O1deploy',
    });
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.createdAddresses).toHaveLength(1);
    const address = result.createdAddresses[0]!;
    expect(ledger.getBytecode(address)).toEqual(contract);
    expect(Buffer.from(ledger.getDataEntry(address, Buffer.from('name'))!).toString()).toBe('Mason');
    // the constructor's coins reached the contract, less its storage of "name" → "Mason"
    expect(ledger.getBalance(address)).toBe(MAS - (4n + 4n + 5n) * 100_000n);

    expect(result.events.map((event) => event.data).slice(0, 2)).toEqual(['Hello, Mason!', `Contract deployed at address: ${address}`]);
    expect(result.events[0]!.context.call_stack).toEqual([SENDER, address]);
    expect(result.events[1]!.context.call_stack).toEqual([SENDER]);
  });

  it('ends with the base64 Args event of the created addresses, as massa-web3 reads it', () => {
    const { vm: machine } = vm();
    const result = machine.executeSC({
      bytecode: deployer,
      caller: SENDER,
      maxGas: MAX_GAS,
      datastore: deployerDatastore([{ args: new Args().addString('Mason').serialize(), coins: MAS }]),
      context: CONTEXT,
    });
    expect(result.events).toHaveLength(3);
    expect(addressesOf(result)).toEqual(result.createdAddresses);
    expect(result.events.at(-1)!.data.startsWith('OQAAADUAAABBUzEy')).toBe(true);
    expect(result.events.at(-1)!.context.call_stack).toEqual([SENDER]);
  });

  it('deploys a contract that works: sum(2, 3) emits and returns 5', () => {
    const { vm: machine } = vm();
    const deployed = machine.executeSC({
      bytecode: deployer,
      caller: SENDER,
      maxGas: MAX_GAS,
      datastore: deployerDatastore([{ args: new Args().addString('Mason').serialize(), coins: MAS }]),
      context: CONTEXT,
    });
    const call = machine.callSC({
      caller: SENDER,
      target: deployed.createdAddresses[0]!,
      function: 'sum',
      param: new Args().addI32(2).addI32(3).serialize(),
      maxGas: CALL_GAS,
      context: CONTEXT,
    });
    expect(call.ok).toBe(true);
    expect(call.events.map((event) => event.data)).toEqual(['sum: 5']);
    expect(Number(new Args(call.returnValue).nextI32())).toBe(5);
  });

  it('needs no count key, and fails in the constructor when its arguments are missing', () => {
    const { vm: machine, ledger } = vm();
    const result = machine.executeSC({ bytecode: deployer, caller: SENDER, maxGas: MAX_GAS, datastore: [], context: CONTEXT });
    expect(result.ok).toBe(false);
    expect(result.error!.nodeMessage).toContain("Can't deserialize name");
    expect(ledger.addresses()).toEqual([SENDER]);
  });

  it('deploys a contract without constructor without calling it', async () => {
    const { vm: machine } = vm();
    const result = machine.executeSC({
      bytecode: new Uint8Array(readFileSync(built.contracts.find((c) => c.name === 'plain')!.deployer)),
      caller: SENDER,
      maxGas: MAX_GAS,
      datastore: deployerDatastore(),
      context: CONTEXT,
    });
    expect(result.ok).toBe(true);
    expect(result.events.map((event) => event.data)[0]).toBe(`Contract deployed at address: ${result.createdAddresses[0]}`);
    expect(addressesOf(result)).toEqual(result.createdAddresses);
  });

  it('deploys further contracts from the datastore after the one it carries', () => {
    const { vm: machine, ledger } = vm();
    const result = machine.executeSC({
      bytecode: deployer,
      caller: SENDER,
      maxGas: MAX_GAS,
      datastore: deployerDatastore([{ args: new Args().addString('Mason').serialize(), coins: MAS }, { bytecode: plain }]),
      context: CONTEXT,
    });
    expect(result.ok).toBe(true);
    expect(result.createdAddresses).toHaveLength(2);
    expect(ledger.getBytecode(result.createdAddresses[0]!)).toEqual(contract);
    expect(ledger.getBytecode(result.createdAddresses[1]!)).toEqual(plain);
    expect(addressesOf(result)).toEqual(result.createdAddresses);
  });
});

describe('the deployer template alone', () => {
  it('is the plain deployer convention: every contract from the datastore', async () => {
    const { bytes } = await loadDeployerTemplate();
    const { vm: machine, ledger } = vm();
    const result = machine.executeSC({
      bytecode: bytes,
      caller: SENDER,
      maxGas: MAX_GAS,
      datastore: deployerDatastore([{ bytecode: contract, args: new Args().addString('Ada').serialize(), coins: MAS }]),
      context: CONTEXT,
    });
    expect(result.ok).toBe(true);
    expect(ledger.getBytecode(result.createdAddresses[0]!)).toEqual(contract);
    expect(result.events[0]!.data).toBe('Hello, Ada!');
    expect(addressesOf(result)).toEqual(result.createdAddresses);
  });

  it("fails as massa-web3's deployer does without the count key", async () => {
    const { bytes } = await loadDeployerTemplate();
    const result = vm().vm.executeSC({ bytecode: bytes, caller: SENDER, maxGas: MAX_GAS, datastore: [], context: CONTEXT });
    expect(result.ok).toBe(false);
    expect(result.error!.nodeMessage).toContain('The number of smart contracts to deploy is undefined.');
  });
});
