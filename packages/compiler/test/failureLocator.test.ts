import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAS, SecretKey } from '@mason/codec';
import { MemoryLedger, Vm, type VmExecutionError } from '@mason/vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, FailureLocator, type CompilerWarning } from '../src/index.js';
import { makeProject } from './support/project.js';

// Real frames from the VM for a real build, resolved with the build's maps; then hostile maps.

const CONTRACT = `import { Args } from '@mason/sdk';
import { half } from '../lib/math';

export function run(binaryArgs: StaticArray<u8>): void {
  const value = new Args(binaryArgs).nextU32().expect('a u32 is required');
  half(value);
}
`;
const MATH = `export function half(value: u32): u32 {
  if (value == 7) unreachable();
  return value / 2;
}
`;
const OTHER = `export function answer(): i32 {
  return 42;
}
`;

const SENDER = SecretKey.fromSeed(new Uint8Array(32).fill(1)).publicKey.address().toString();
const TARGET = SecretKey.fromSeed(new Uint8Array(32).fill(2)).publicKey.address().toString().replace(/^AU/, 'AS');

let root: string;

/** Runs `run(args)` of the built contract on a VM and returns its failure. */
function fail(args: Uint8Array): VmExecutionError {
  const bytecode = new Uint8Array(readFileSync(join(root, 'build/main.wasm')));
  const vm = new Vm({ chainId: 77, state: new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS }, [TARGET]: { balance: MAS, bytecode } }) });
  const result = vm.callSC({ caller: SENDER, target: TARGET, function: 'run', param: args, maxGas: 100_000_000n });
  expect(result.ok).toBe(false);
  return result.error!;
}

/** A source map's base64 VLQ of a non-negative number. */
function vlq(value: number): string {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let rest = value * 2;
  let out = '';
  do {
    let digit = rest % 32;
    rest = Math.floor(rest / 32);
    if (rest > 0) digit += 32;
    out += digits[digit];
  } while (rest > 0);
  return out;
}

const u32 = (value: number) => Uint8Array.of(value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24);

function locator(): { locator: FailureLocator; warnings: CompilerWarning[] } {
  const warnings: CompilerWarning[] = [];
  return { locator: new FailureLocator(root, undefined, (warning) => warnings.push(warning)), warnings };
}

beforeAll(async () => {
  root = makeProject({ 'assembly/contracts/main.ts': CONTRACT, 'assembly/contracts/other.ts': OTHER, 'assembly/lib/math.ts': MATH });
  await build({ root, jobs: 1 });
}, 120_000);

describe('FailureLocator', () => {
  it('names the project line of a trap in a helper file, and of an SDK expect at its caller', () => {
    const trap = fail(u32(7));
    expect(trap.wasmFrames?.length).toBeGreaterThan(0);
    expect(trap.module?.bytecodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(trap.module?.address).toBe(TARGET);
    const { locator: located, warnings } = locator();
    expect(located.locate(trap)).toMatchObject({ file: 'assembly/lib/math.ts', line: 2, contract: 'main' });
    const expected = located.locate(fail(new Uint8Array()));
    expect(expected).toMatchObject({ file: 'assembly/contracts/main.ts', line: 5 });
    expect(located.describe(expected!)).toContain("> 5 │   const value = new Args(binaryArgs).nextU32().expect('a u32 is required');");
    expect(warnings).toEqual([]);
  });

  it('matches the module by bytecode hash, not by name: a module of no build file is not located', () => {
    const failure = fail(u32(7));
    expect(locator().locator.locate({ ...failure, module: { bytecodeHash: '0'.repeat(64) } })).toBeUndefined();
  });

  it('skips a damaged map with a warning and never throws', () => {
    const mapPath = join(root, 'build/main.wasm.map');
    const original = readFileSync(mapPath, 'utf8');
    const failure = fail(u32(7));
    try {
      for (const damaged of [
        'not json at all',
        '{"version":3}',
        '[]',
        'null',
        '{"sources":[1,2],"mappings":"AAAA"}',
        '{"sources":["a.ts"],"mappings":"!!!!,,,;;;"}',
      ]) {
        writeFileSync(mapPath, damaged);
        const { locator: located, warnings } = locator();
        expect(located.locate(failure), damaged).toBeUndefined();
        expect(located.locate(failure), damaged).toBeUndefined();
        expect(
          warnings.map((w) => w.code),
          damaged,
        ).toEqual(damaged.includes('a.ts') ? [] : ['MASON_COMPILER_BAD_SOURCE_MAP']);
      }
    } finally {
      writeFileSync(mapPath, original);
    }
  });

  it('skips the map of another build with a warning', () => {
    const mapPath = join(root, 'build/main.wasm.map');
    const original = readFileSync(mapPath, 'utf8');
    const failure = fail(u32(7));
    try {
      // a map whose offsets run past this module
      const map = JSON.parse(original) as { mappings: string };
      writeFileSync(mapPath, JSON.stringify({ ...map, mappings: `${map.mappings},${vlq(10_000_000)}AAA` }));
      const first = locator();
      expect(first.locator.locate(failure)).toBeUndefined();
      expect(first.warnings.map((w) => w.message).join()).toMatch(/build\/main\.wasm\.map is not used .*belongs to another build/);
      // a map made from other sources: it names lines past the end of a file
      const sources = (JSON.parse(original) as { sources: string[] }).sources.map((s) =>
        s === 'assembly/contracts/main.ts' ? 'assembly/contracts/other.ts' : s,
      );
      writeFileSync(mapPath, JSON.stringify({ ...JSON.parse(original), sources }));
      const second = locator();
      expect(second.locator.locate(failure)).toBeUndefined();
      expect(second.warnings.map((w) => w.message).join()).toMatch(/fewer lines/);
    } finally {
      writeFileSync(mapPath, original);
    }
  });

  it('without any map, still names an abort raised in a project file', () => {
    const { locator: located } = locator();
    const failure = fail(u32(7));
    const abort = { message: 'boom', file: 'assembly/lib/math.ts', line: 3, column: 10 };
    expect(located.locate({ module: failure.module!, abort })).toMatchObject({ file: 'assembly/lib/math.ts', line: 3, column: 10 });
    // an abort in library code without frames: nothing to show
    expect(located.locate({ module: failure.module!, abort: { ...abort, file: '~lib/@mason/sdk/assembly/Result.ts' } })).toBeUndefined();
  });
});
