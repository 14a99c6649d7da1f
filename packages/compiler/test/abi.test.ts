import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAbi, type Abi, type AbiFunction } from '@mason/codec/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/index.js';
import { linkOfficialSdk } from './support/officialSdk.js';
import { makeProject } from './support/project.js';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`fixtures/abi/${name}`, import.meta.url)), 'utf8');
const templates = fileURLToPath(new URL('../../../templates/', import.meta.url));

const outDirs: string[] = [];
afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

function abiOf(result: BuildResult, name: string): Abi {
  const contract = result.contracts.find((c) => c.name === name)!;
  return parseAbi(readFileSync(contract.abi!, 'utf8'));
}

/** `name(a: type, …) -> returns`, events, and whether complete: the ABI in one line per function. */
function summary(fn: AbiFunction): string {
  const params =
    fn.params === 'unknown' ? 'unknown' : fn.params.map((p) => `${p.name}: ${p.type}${p.optional ? '?' : ''}${p.format ? ` @${p.format}` : ''}`).join(', ');
  const r = fn.returns;
  const returns = r === null ? 'void' : r.encoding === 'raw' ? r.type : r.encoding === 'args' ? `Args(${r.values.map((v) => v.type).join(', ')})` : 'unknown';
  const events = fn.events.map((e) => `${e.name ?? e.text}(${e.fields.map((f) => `${f.name}: ${f.type}`).join(', ')})`).join(' ');
  return `${fn.name}(${params}) -> ${returns}${events ? ` emits ${events}` : ''}${fn.complete ? '' : ' [incomplete]'}`;
}

describe('the ABI of contracts written the massa-as-sdk way', () => {
  let result: BuildResult;
  beforeAll(async () => {
    const root = makeProject({
      'assembly/contracts/coin.ts': fixture('coin.ts'),
      'assembly/contracts/types.ts': fixture('types.ts'),
      'assembly/lib/coinLedger.ts': fixture('coinLedger.ts'),
    });
    linkOfficialSdk(root);
    result = await build({ root, jobs: 1 });
  }, 120_000);

  it('reads parameters, names, returns (storage included) and events through helpers', () => {
    const abi = abiOf(result, 'coin');
    expect(abi).toMatchObject({ format: 'mason-abi/1', contract: 'coin', source: 'assembly/contracts/coin.ts', structs: {} });
    expect(abi.functions.map(summary)).toEqual([
      'constructor(name: string, decimals: u8, supply: u256) -> void',
      'name() -> string',
      'decimals() -> u8',
      'balanceOf(owner: string @address) -> u256',
      'transfer(to: string @address, amount: u256) -> void emits TRANSFER(from: string, to: string, amount: u256)',
      'isRich(owner: string @address) -> bool',
    ]);
    expect(abi.functions.every((fn) => fn.complete && fn.notes.length === 0)).toBe(true);
  });

  it('reads every Args type, arrays and Serializable structs, and marks what it cannot read as unknown', () => {
    const abi = abiOf(result, 'types');
    expect(abi.functions.map(summary)).toEqual([
      'numbers(a: u8, b: u16, c: i16, d: u32, e: i32, f: i64, g: u128, h: i128, x: f32, y: f64, flag: bool) -> Args(i32, f64, bool) emits NUMBERS(a: u8, f: i64)',
      'collections(data: bytes, names: string[], amounts: u64[], origin: Point, path: Point[]) -> u64',
      'withMemo(amount: u64, memo: string?) -> void emits paid {amount}(amount: u64) [incomplete]',
      'many(unknown) -> void [incomplete]',
      'forward(unknown) -> unknown [incomplete]',
      'pair(left: u128, right: i128) -> Args(u128, i128)',
      'depositTwice(amount: u64) -> void',
    ]);
    expect(abi.structs).toEqual({
      Point: {
        fields: [
          { name: 'x', type: 'i32' },
          { name: 'y', type: 'i32' },
          { name: 'label', type: 'string' },
        ],
      },
    });
    const notes = Object.fromEntries(abi.functions.map((fn) => [fn.name, fn.notes]));
    expect(notes.withMemo).toEqual(['an event is emitted whose text is not NAME or NAME:value,value,…']);
    expect(notes.many).toEqual(['arguments are read in a loop (nextString): how many depends on the data']);
    expect(notes.forward).toContain('the argument bytes are passed to .slice(), which Mason does not follow');
  });

  it('lists the ABI in the manifest, and a rebuild with no change keeps it', async () => {
    const coin = result.contracts.find((c) => c.name === 'coin')!;
    expect(coin.manifest.abi).toMatchObject({ path: 'coin.abi.json' });
    const again = await build({ root: result.root, jobs: 1 });
    expect(again.contracts.map((c) => c.status)).toEqual(['cached', 'cached']);
    expect(again.manifest.contracts.coin!.abi).toEqual(coin.manifest.abi);
  }, 60_000);
});

describe('the ABI of the templates', () => {
  it.each([
    [
      'hello',
      'main',
      [
        'constructor(name: string) -> void emits Constructor called with name {name}(name: string)',
        'sum(a: i32, b: i32) -> string emits Sum: {a} + {b} = {result}(a: i32, b: i32, result: i32)',
        'hello() -> string',
      ],
    ],
    [
      'token',
      'token',
      [
        'constructor(name: string, symbol: string, decimals: u8, supply: u64) -> void emits MINT(owner: string, supply: u64)',
        'name() -> string',
        'symbol() -> string',
        'decimals() -> u8',
        'totalSupply() -> u64',
        'owner() -> string',
        'balanceOf(who: string) -> u64',
        'transfer(to: string @address, amount: u64) -> void emits TRANSFER(from: string, to: string, amount: u64)',
        'allowance(holder: string, spender: string) -> u64',
        'approve(spender: string, amount: u64) -> void emits APPROVAL(holder: string, spender: string, amount: u64)',
        'transferFrom(from: string, to: string, amount: u64) -> void emits TRANSFER(from: string, to: string, amount: u64)',
        'mint(to: string, amount: u64) -> void emits MINT(to: string, amount: u64)',
      ],
    ],
  ])(
    'templates/%s: every export complete',
    async (template, contract, expected) => {
      const outDir = mkdtempSync(join(tmpdir(), 'mason-abi-template-'));
      outDirs.push(outDir);
      const result = await build({ root: join(templates, template), outDir, jobs: 1 });
      const abi = abiOf(result, contract);
      expect(abi.functions.map(summary)).toEqual(expected);
      expect(abi.functions.every((fn) => fn.complete)).toBe(true);
    },
    120_000,
  );
});
