// Typed exports (docs/abi.md#typed-exports): `export function transfer(to: Address, amount: u64)`
// is built into an export a node calls with Args bytes, deployed and called on the VM, and its ABI
// has the typed signature. A type Args cannot carry is refused with its place in the source.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Address as CodecAddress, Args, ArrayType, MAS, SecretKey } from '@mason/codec';
import { MemoryLedger, Vm } from '@mason/vm';
import { parseModule } from '@mason/wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, deployerDatastore, isCompilerError, type BuildResult } from '../src/index.js';
import { linkOfficialSdk } from './support/officialSdk.js';
import { makeProject } from './support/project.js';

const SENDER = SecretKey.fromSeed(new Uint8Array(32).fill(1)).publicKey.address().toString();
const BOB = SecretKey.fromSeed(new Uint8Array(32).fill(2)).publicKey.address().toString();
const CONTEXT = { slot: { period: 3, thread: 0 }, timestamp: 1_760_000_000_000 };

const TYPED = `import { Address, Context, Storage, generateEvent } from '@mason/sdk';

export function constructor(name: string, supply: u64): void {
  Storage.set('name', name);
  Storage.set('supply', supply.toString());
}

export function transfer(to: Address, amount: u64): void {
  generateEvent('TRANSFER:' + to.toString() + ',' + amount.toString());
}

export function total(values: u32[], scale: f64, flag: bool): f64 {
  let sum: f64 = 0;
  for (let i = 0; i < values.length; i++) sum += <f64>values[i];
  return flag ? sum * scale : -1;
}

export function owner(): Address {
  return Context.caller();
}

export function greet(name: string): string {
  return 'Hello, ' + name;
}

/** Calls the typed function directly: it keeps its name inside the contract. */
export function greetTwice(name: string): string {
  return greet(name) + ' ' + greet(name);
}

export function raw(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  return binaryArgs;
}
`;

let root: string;
let built: BuildResult;
beforeAll(async () => {
  root = makeProject({ 'assembly/contracts/main.ts': TYPED });
  built = await build({ root });
}, 120_000);

describe('typed exports', () => {
  it('build into exports a node calls, with the typed signature in the ABI', () => {
    const abi = JSON.parse(readFileSync(join(root, 'build/main.abi.json'), 'utf8'));
    const fn = (name: string) => abi.functions.find((f: { name: string }) => f.name === name);
    expect(fn('transfer')).toMatchObject({
      params: [
        { name: 'to', type: 'string', format: 'address' },
        { name: 'amount', type: 'u64' },
      ],
      returns: null,
      complete: true,
    });
    expect(fn('constructor').params).toEqual([
      { name: 'name', type: 'string' },
      { name: 'supply', type: 'u64' },
    ]);
    expect(fn('total')).toMatchObject({
      params: [
        { name: 'values', type: 'u32[]' },
        { name: 'scale', type: 'f64' },
        { name: 'flag', type: 'bool' },
      ],
      returns: { encoding: 'args', values: [{ type: 'f64' }] },
      complete: true,
    });
    expect(fn('owner')).toMatchObject({ params: [], returns: { encoding: 'args', values: [{ type: 'string' }] } });
    // Untouched: it already takes and returns bytes.
    expect(fn('raw')).toMatchObject({ returns: { encoding: 'unknown' } });
    expect(built.manifest.contracts.main!.exports).toEqual(expect.arrayContaining(['constructor', 'transfer', 'total', 'owner', 'greet', 'greetTwice', 'raw']));
  });

  it('deploy with a typed constructor and run on the VM with Args', () => {
    const ledger = new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS } });
    const vm = new Vm({ state: ledger, chainId: 77n });
    const deployer = new Uint8Array(readFileSync(join(root, 'build/main.deployer.wasm')));
    const deployed = vm.executeSC({
      bytecode: deployer,
      caller: SENDER,
      maxGas: 3_000_000_000n,
      datastore: deployerDatastore([{ args: new Args().addString('Mason').addU64(1000n).serialize(), coins: MAS }]),
      context: CONTEXT,
    });
    expect(deployed.error).toBeUndefined();
    const contract = deployed.createdAddresses[0]!;
    expect(Buffer.from(ledger.getDataEntry(contract, Buffer.from('name'))!).toString()).toBe('Mason');
    expect(Buffer.from(ledger.getDataEntry(contract, Buffer.from('supply'))!).toString()).toBe('1000');

    const call = (fn: string, param: Uint8Array) => {
      const result = vm.callSC({ caller: SENDER, target: contract, function: fn, param, coins: 0n, maxGas: 100_000_000n, context: CONTEXT });
      expect(result.error?.nodeMessage).toBeUndefined();
      return result;
    };
    const amount = (1n << 63n) + 7n;
    expect(call('transfer', new Args().addString(BOB).addU64(amount).serialize()).events[0]!.data).toBe(`TRANSFER:${BOB},${amount}`);
    const total = call('total', new Args().addArray([1n, 2n, 3n], ArrayType.U32).addF64(1.5).addBool(true).serialize());
    expect(new Args(total.returnValue).nextF64()).toBe(9);
    expect(new Args(call('owner', new Uint8Array()).returnValue).nextString()).toBe(SENDER);
    expect(new Args(call('greetTwice', new Args().addString('Ana').serialize()).returnValue).nextString()).toBe('Hello, Ana Hello, Ana');
    expect(call('raw', Uint8Array.of(1, 2, 3)).returnValue).toEqual(Uint8Array.of(1, 2, 3));

    // A missing argument fails the call with the parameter's name.
    const short = vm.callSC({
      caller: SENDER,
      target: contract,
      function: 'transfer',
      param: new Args().addString(BOB).serialize(),
      coins: 0n,
      maxGas: 100_000_000n,
      context: CONTEXT,
    });
    expect(short.ok).toBe(false);
    expect(short.error?.nodeMessage).toContain('amount (u64) is missing');
    expect(CodecAddress.fromString(contract).isContract).toBe(true);
  });

  it.each([
    ['export function f(m: Map<string, u64>): void {}', 'm: Map<string,u64>', 3],
    ['export function f(n: string | null): void {}', 'n: string|null', 3],
    ['export function f(rows: u8[][]): void {}', 'rows: u8[][]', 3],
    ['export function f(blobs: StaticArray<u8>[]): void {}', 'blobs: StaticArray<u8>[]', 3],
    ['export function f(): usize { return 0; }', 'returns usize', 3],
  ])('refuses %s with the place of the type', async (line, what, lineNumber) => {
    const project = makeProject({ 'assembly/contracts/main.ts': `import { Args } from '@mason/sdk';\n\n${line}\n` });
    const error = await build({ root: project }).catch((reason: unknown) => reason);
    expect(isCompilerError(error, 'MASON_COMPILER_TYPED_EXPORT')).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain(`assembly/contracts/main.ts:${lineNumber}:`);
    expect(message).toContain(`the typed export f of main cannot be called with Args: ${what}`);
  });

  it('leaves a contract written with the official SDK as massa-as-compile builds it: a typed helper stays a plain export', async () => {
    const project = makeProject({
      'assembly/contracts/main.ts': `import { generateEvent } from '@massalabs/massa-as-sdk';\n\nexport function helper(x: u64): u64 {\n  return x + 1;\n}\n\nexport function hello(_: StaticArray<u8>): void {\n  generateEvent('hello');\n}\n`,
    });
    linkOfficialSdk(project);
    const result = await build({ root: project, jobs: 1 });
    const wasm = readFileSync(join(project, 'build', 'main.wasm'));
    // No Args wrapper: the export still takes and returns a u64 (an i64), as massa-as-compile
    // builds it, and the ABI says a node cannot call it with arguments.
    const module = parseModule(new Uint8Array(wasm));
    const helper = module.exports.find((entry) => entry.name === 'helper')!;
    const type = module.types[module.functionTypes[helper.index - module.importedFunctionCount]!]!;
    expect(type).toMatchObject({ params: [0x7e], results: [0x7e] });
    const abi = JSON.parse(readFileSync(result.contracts[0]!.abi!, 'utf8')) as { functions: Array<{ name: string; params: unknown }> };
    expect(abi.functions.find((fn) => fn.name === 'helper')?.params).toBe('unknown');
  });
});
