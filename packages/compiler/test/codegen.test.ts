// The bindings generator on hand-written ABIs: what the ABI leaves unknown stays bytes, names that
// would clash are changed, the text is deterministic; codegen() on a project refuses what it cannot do.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, AbiFunction } from '@mason/codec/base';
import { runProcess } from '@mason/test-utils';
import { describe, expect, it } from 'vitest';
import { build, CODEGEN_HEADER, codegen, generateAsBindings, generateTsBindings, isCompilerError } from '../src/index.js';
import { linkOfficialSdk } from './support/officialSdk.js';
import { makeProject, PLAIN, writeFiles } from './support/project.js';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`fixtures/abi/${name}`, import.meta.url)), 'utf8');

const fn = (name: string, rest: Partial<AbiFunction> = {}): AbiFunction => ({
  name,
  params: [],
  returns: null,
  events: [],
  complete: true,
  notes: [],
  ...rest,
});

const ABI: Abi = {
  format: 'mason-abi/1',
  contract: 'my-vault',
  source: 'assembly/contracts/my-vault.ts',
  functions: [
    fn('constructor', { params: [{ name: 'owner', type: 'string', format: 'address' }] }),
    fn('deposit', {
      params: [
        { name: 'amount', type: 'u64' },
        { name: 'memo', type: 'string', optional: true },
      ],
    }),
    fn('blob', { params: [{ name: 'x', type: 'unknown' }], returns: { encoding: 'unknown' } }),
    fn('many', { params: 'unknown', returns: { encoding: 'raw', type: 'Point' } }),
    fn('address', { returns: { encoding: 'raw', type: 'string' } }),
    fn('total', {
      params: [
        { name: 'options', type: 'u8' },
        { name: 'new', type: 'i32' },
      ],
      returns: {
        encoding: 'args',
        values: [
          { name: null, type: 'u256' },
          { name: null, type: 'bool' },
        ],
      },
    }),
    fn('where', {
      returns: { encoding: 'args', values: [{ name: 'at', type: 'Point' }] },
      events: [
        {
          name: 'MOVED',
          fields: [
            { name: 'x', type: 'i32' },
            { name: 'event', type: 'string' },
          ],
        },
      ],
    }),
  ],
  structs: {
    Point: {
      fields: [
        { name: 'x', type: 'i32' },
        { name: 'y', type: 'i32' },
      ],
    },
  },
};

const bindings = (target: 'mason' | 'massa-web3', language: 'ts' | 'js' = 'ts') =>
  generateTsBindings(ABI, { target, language, abiPath: 'build/my-vault.abi.json' });

describe('generateTsBindings', () => {
  it('is deterministic and says it is generated', () => {
    const text = bindings('mason');
    expect(bindings('mason')).toBe(text);
    expect(text.split('\n')[0]).toBe(`// ${CODEGEN_HEADER}`);
    expect(text).toContain('export class MyVault {');
  });

  it('keeps what the ABI leaves unknown as bytes, never a guess', () => {
    const text = bindings('mason');
    // A parameter of unknown type, or unknown parameters: the call's argument bytes.
    expect(text).toContain('blob: (parameter: Args | Uint8Array, options: ReadOptions = {}): Promise<Uint8Array> =>');
    expect(text).toContain('many: (parameter: Args | Uint8Array, options: ReadOptions = {}): Promise<Uint8Array> =>');
    // No decoder for them: the result is the returned bytes.
    expect(text).not.toContain('function decode$blob');
    expect(text).not.toContain('function decode$many');
  });

  it('renames what would clash, and leaves a method out rather than hide a member', () => {
    const text = bindings('mason');
    expect(text).toContain('total: (options2: number, new_: number, options: ReadOptions = {}): Promise<[bigint, boolean]>');
    expect(text).toContain("address: (options: ReadOptions = {}): Promise<string> => this.#read('address'");
    expect(text).not.toMatch(/^ {2}address\(/m);
    expect(text).toContain('readonly address: string;');
    expect(text).toContain("| { event: 'MOVED'; x: number; event2: string }");
  });

  it('names the class apart from a struct of the same name', () => {
    const abi: Abi = { ...ABI, contract: 'point', structs: { ...ABI.structs } };
    const text = generateTsBindings(abi, { target: 'mason', abiPath: 'build/point.abi.json' });
    expect(text).toContain('export interface Point {');
    expect(text).toContain('export class PointContract {');
    expect(text).toContain('export type PointContractEvent =');
  });

  it('passes optional parameters only when given, each only after the ones before it', () => {
    const text = bindings('mason');
    expect(text).toContain('deposit(amount: bigint, memo?: string, options: WriteOptions = {}): Promise<Operation> {');
    expect(text).toMatch(/args\.addU64\(amount\);\n\s+if \(memo !== undefined\) \{\n\s+args\.addString\(memo\);\n\s+\}/);
  });

  it('writes a struct interface with its writer and reader only where used', () => {
    const text = bindings('massa-web3');
    expect(text).toContain('export interface Point {');
    expect(text).toContain('function readPoint(args: Args): Point {');
    expect(text).not.toContain('function writePoint');
  });

  it('writes JavaScript without a type, which Node parses', async () => {
    const js = bindings('massa-web3', 'js');
    expect(js).not.toMatch(/interface |: Promise<|: Uint8Array|readonly |\?: /);
    expect(js).toContain('export class MyVault {');
    const file = join(makeProject({}), 'vault.mjs');
    writeFileSync(file, js);
    const check = await runProcess(process.execPath, ['--check', file]);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});

describe('generateAsBindings', () => {
  it('takes an Address for an address, the Args for what it cannot type, and returns Args for several values', () => {
    const text = generateAsBindings(ABI, { sdk: 'mason', abiPath: 'build/my-vault.abi.json' });
    expect(text).toContain('export class MyVaultRef {');
    expect(text).not.toContain('constructor(owner');
    expect(text).toContain("deposit(args: Args, coins: u64 = 0): void {\n    call(this._origin, 'deposit', args, coins);");
    expect(text).toContain('total(options: u8, new_: i32, coins: u64 = 0): Args {');
    expect(text).toContain('many(args: Args, coins: u64 = 0): StaticArray<u8> {');
    expect(text).toContain("import { Address, Args, bytesToString, call } from '@mason/sdk';");
  });
});

describe('codegen()', () => {
  it('refuses before a build, and a bad option', () => {
    const root = makeProject({ 'package.json': '{}' });
    expect(() => codegen({ root })).toThrow(expect.objectContaining({ code: 'MASON_COMPILER_CODEGEN_NOT_BUILT' }));
    // @ts-expect-error: not a target
    expect(() => codegen({ root, target: 'ethers' })).toThrow(expect.objectContaining({ code: 'MASON_COMPILER_CODEGEN_OPTION' }));
    // An AssemblyScript SDK no binding is written for, refused before anything is read (it mixed the two SDKs' code).
    // @ts-expect-error: not an SDK
    expect(() => codegen({ root, as: true, asSdk: 'foo' })).toThrow(
      expect.objectContaining({ code: 'MASON_COMPILER_CODEGEN_OPTION', context: expect.objectContaining({ option: 'asSdk', expected: 'mason or massa' }) }),
    );
  });

  it('refuses a contract built without its ABI', async () => {
    const root = makeProject({ 'assembly/contracts/plain.ts': PLAIN });
    await build({ root, abi: false, jobs: 1 });
    let error: unknown;
    try {
      codegen({ root });
    } catch (caught) {
      error = caught;
    }
    expect(isCompilerError(error, 'MASON_COMPILER_CODEGEN_NO_ABI')).toBe(true);
    expect((error as Error).message).toContain('No bindings can be written for plain: the build wrote no ABI for it');
  }, 120_000);
});

describe('AssemblyScript callers of a massa-as-sdk project', () => {
  it("are written for the project's SDK and compile into a contract that calls the token", async () => {
    const root = makeProject({
      'package.json': JSON.stringify({ devDependencies: { '@massalabs/massa-as-sdk': '3.0.2', '@massalabs/as-types': '2.1.0' } }),
      'assembly/contracts/coin.ts': fixture('coin.ts'),
      'assembly/lib/coinLedger.ts': fixture('coinLedger.ts'),
    });
    linkOfficialSdk(root);
    await build({ root, jobs: 1 });
    const { files } = codegen({ root, as: true });
    expect(files.map((f) => f.path)).toEqual(['src/contracts/coin.ts', 'assembly/generated/coin.ts']);
    const caller = readFileSync(join(root, 'assembly/generated/coin.ts'), 'utf8');
    expect(caller).toContain("import { Address, call } from '@massalabs/massa-as-sdk';");
    writeFiles(root, {
      'assembly/contracts/wallet.ts': `import { Address } from '@massalabs/massa-as-sdk';
import { Args, boolToByte, u256ToBytes } from '@massalabs/as-types';
import { u256 } from 'as-bignum/assembly';
import { CoinRef } from '../generated/coin';

export function send(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const coin = new CoinRef(new Address(args.nextString().expect('coin is missing')));
  coin.transfer(new Address(args.nextString().expect('to is missing')), args.nextU256().expect('amount is missing'));
}

export function richest(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const coin = new CoinRef(new Address(new Args(binaryArgs).nextString().expect('coin is missing')));
  const balance: u256 = coin.balanceOf(new Address(coin.name()));
  return u256ToBytes(balance);
}

export function rich(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const coin = new CoinRef(new Address(new Args(binaryArgs).nextString().expect('coin is missing')));
  return boolToByte(coin.isRich(new Address('AU1')) && coin.decimals() > 2);
}
`,
    });
    const result = await build({ root, jobs: 1 });
    expect(result.contracts.map((c) => c.name).sort()).toEqual(['coin', 'wallet']);
  }, 240_000);
});
