// The host import table (abi-imports.json), the Massa-safe compile options, and the rule checker.
import { DEPLOYER_BYTECODE } from '@massalabs/massa-web3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileContract, packageDir, sdkDir } from './support/compile.js';
import { hostFunctions, massaViolations } from './support/massaRules.js';
import { readWasmModule } from './support/wasmModule.js';

const asconfig = JSON.parse(readFileSync(join(sdkDir, 'asconfig.json'), 'utf8'));

describe('abi-imports.json', () => {
  const massa = hostFunctions.filter((f) => f.module === 'massa');

  it('lists 57 massa and 10 env host functions once each', () => {
    expect(massa).toHaveLength(57);
    expect(hostFunctions.filter((f) => f.module === 'env').map((f) => f.name)).toEqual([
      'abort',
      'seed',
      'Date.now',
      'console.log',
      'console.info',
      'console.warn',
      'console.error',
      'console.debug',
      'trace',
      'process.exit',
    ]);
    expect(new Set(hostFunctions.map((f) => `${f.module}.${f.name}`)).size).toBe(hostFunctions.length);
  });

  it('describes each parameter consistently with its wasm type, and names its gas cost', () => {
    const wasmType = { string: 'i32', bytes: 'i32', i32: 'i32', i64: 'i64', f64: 'f64' } as const;
    for (const f of hostFunctions) {
      expect(
        f.argTypes.map((t) => wasmType[t]),
        f.name,
      ).toEqual(f.params);
      expect(f.returnType === 'void' ? [] : [wasmType[f.returnType]], f.name).toEqual(f.results);
      if (f.module === 'massa') expect(f.gasKey).toBe(f.name);
    }
  });

  it('does not list hash_mimc, which the node does not register', () => {
    expect(massa.map((f) => f.name)).not.toContain('assembly_script_hash_mimc');
  });

  it('names the same massa functions as @massalabs/massa-as-sdk 3.0.2', () => {
    const envFile = join(packageDir('@massalabs/massa-as-sdk'), 'assembly/env/env.ts');
    const declared = [...readFileSync(envFile, 'utf8').matchAll(/@external\("massa", "(\w+)"\)/g)].map((m) => m[1]);
    expect(declared.sort()).toEqual(massa.map((f) => f.name).sort());
  });

  it("covers every import of massa-web3's deployer, which runs on mainnet, with the same signature", () => {
    const imports = readWasmModule(DEPLOYER_BYTECODE).functionImports;
    expect(imports).toHaveLength(7);
    expect(massaViolations(DEPLOYER_BYTECODE)).toEqual([]);
  });
});

describe('asconfig.json', () => {
  it('exports the runtime, caps memory at the node limit and adds no custom section in release', () => {
    expect(asconfig.options).toMatchObject({ exportRuntime: true, runtime: 'incremental', maximumMemory: 64 });
    expect(asconfig.targets.release).toMatchObject({ optimizeLevel: 3, shrinkLevel: 2, converge: true });
    expect(asconfig.options.sourceMap).toBe(false);
    expect(asconfig.options.debug).toBe(false);
  });

  it('enables no wasm feature beyond what the node validates', () => {
    expect(asconfig.options.enable).toBeUndefined();
    expect(asconfig.targets.release.enable).toBeUndefined();
  });
});

describe('compiled contracts', () => {
  let release: Uint8Array;
  let debug: Uint8Array;
  let forbidden: Uint8Array;

  beforeAll(async () => {
    // One after the other: compiling is CPU-bound, so overlapping gains nothing.
    release = await compileContract('hello');
    debug = await compileContract('hello', { target: 'debug' });
    forbidden = await compileContract('forbidden', { flags: ['--debug', '--sourceMap'] });
  });

  it('a release build passes the node rules with no custom section and a 64-page memory cap', () => {
    expect(massaViolations(release)).toEqual([]);
    const info = readWasmModule(release);
    expect(info.customSections).toEqual([]);
    expect(info.memories).toEqual([{ initial: 1, maximum: 64 }]);
    expect(info.exports.map((e) => e.name)).toEqual(expect.arrayContaining(['memory', '__new', '__pin', '__unpin', '__collect', 'constructor', 'hello']));
  });

  it('a debug build keeps to one custom section (the name section)', () => {
    expect(massaViolations(debug)).toEqual([]);
    expect(readWasmModule(debug).customSections).toEqual(['name']);
  });

  it('the checker reports unknown imports, wrong signatures and extra custom sections', () => {
    expect(massaViolations(forbidden).sort()).toEqual([
      'has 2 custom sections: name,sourceMappingURL',
      'imports massa.assembly_script_get_balance as () -> (i32), the node provides () -> (i64)',
      'imports massa.assembly_script_hash_mimc, which the node does not provide',
    ]);
  });
});
