import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/index.js';
import { customSections, foreignImports, memoryLimits } from './support/massaRules.js';
import { GREETING, HELLO, PLAIN, makeProject, writeFiles } from './support/project.js';

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const bytes = (path: string) => new Uint8Array(readFileSync(path));

let root: string;
let first: BuildResult;
let firstMs: number;

beforeAll(async () => {
  root = makeProject({
    'assembly/contracts/main.ts': HELLO,
    'assembly/contracts/nested/main.ts': PLAIN,
    'assembly/contracts/__tests__/main.spec.ts': 'this is not a contract',
    'assembly/lib/greeting.ts': GREETING,
  });
  const started = performance.now();
  first = await build({ root, contracts: ['**/*.ts'] });
  firstMs = performance.now() - started;
  console.log(`first build of 2 contracts: ${firstMs.toFixed(0)} ms`);
}, 60_000);

describe('build', () => {
  it('compiles each contract and bundles it into a deployer, mirroring the contracts folder', () => {
    expect(first.contracts.map((c) => [c.name, c.status])).toEqual([
      ['main', 'compiled'],
      ['nested/main', 'compiled'],
    ]);
    for (const file of ['main.wasm', 'main.deployer.wasm', 'nested/main.wasm', 'nested/main.deployer.wasm', 'manifest.json']) {
      expect(existsSync(join(root, 'build', file)), file).toBe(true);
    }
    // same basename, different outputs (no flat build/ collision)
    expect(sha256(join(root, 'build/main.wasm'))).not.toBe(sha256(join(root, 'build/nested/main.wasm')));
    expect(existsSync(join(root, 'build/__tests__'))).toBe(false);
  });

  it('describes every output in manifest.json', () => {
    const manifest = JSON.parse(readFileSync(first.manifestPath, 'utf8'));
    expect(manifest).toEqual(first.manifest);
    expect(manifest.compiler).toEqual({ name: '@mason/compiler', version: expect.any(String) });
    const main = manifest.contracts.main;
    expect(main.source).toBe('assembly/contracts/main.ts');
    expect(main.exports).toEqual(['constructor', 'sum']);
    expect(main.hasConstructor).toBe(true);
    expect(main.sdk).toEqual({ name: '@mason/sdk', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(main.asc).toMatch(/^0\.27\./);
    for (const [file, info] of [
      ['main.wasm', main.wasm],
      ['main.deployer.wasm', main.deployer],
    ] as const) {
      expect(info.path).toBe(file);
      expect(info.size).toBe(statSync(join(root, 'build', file)).size);
      expect(info.sha256).toBe(sha256(join(root, 'build', file)));
    }
    const sources = main.sources.map((s: { path: string }) => s.path);
    expect(sources).toEqual(
      expect.arrayContaining(['assembly/contracts/main.ts', 'assembly/lib/greeting.ts', '@mason/sdk/asconfig.json', '@mason/sdk/assembly/Args.ts']),
    );
    const nested = manifest.contracts['nested/main'];
    expect(nested.wasm.path).toBe('nested/main.wasm');
    expect(nested.exports).toEqual(['answer']);
    expect(nested.hasConstructor).toBe(false);
    expect(nested.sdk).toBeNull();
  });

  it('emits modules a node accepts: known imports only, memory ≤ 64 pages, no custom section', () => {
    for (const contract of first.contracts) {
      for (const path of [contract.wasm, contract.deployer]) {
        const module = bytes(path);
        expect(WebAssembly.validate(module), path).toBe(true);
        expect(foreignImports(module), path).toEqual([]);
        expect(memoryLimits(module).maximum).toBeLessThanOrEqual(64);
        expect(customSections(module), path).toEqual([]);
      }
    }
    const deployerExports = WebAssembly.Module.exports(new WebAssembly.Module(bytes(first.contracts[0]!.deployer)));
    expect(deployerExports.map((e) => e.name).sort()).toEqual(['__collect', '__new', '__pin', '__rtti_base', '__unpin', 'main', 'memory']);
  });

  it('reports compile and bundle time per contract', () => {
    for (const contract of first.contracts) {
      expect(contract.timings.compileMs).toBeGreaterThan(0);
      expect(contract.timings.bundleMs).toBeGreaterThan(0);
      expect(contract.timings.totalMs).toBeGreaterThanOrEqual(contract.timings.compileMs + contract.timings.bundleMs);
    }
  });
});

describe('incremental builds', () => {
  it('recompiles nothing when nothing changed, and touches no file', async () => {
    const manifestTime = statSync(first.manifestPath).mtimeMs;
    const wasmTime = statSync(join(root, 'build/main.wasm')).mtimeMs;
    const again = await build({ root, contracts: ['**/*.ts'] });
    const fastest = Math.min(again.durationMs, (await build({ root, contracts: ['**/*.ts'] })).durationMs);
    console.log(`no-change rebuild: ${again.durationMs.toFixed(1)} ms (then ${fastest.toFixed(1)} ms)`);
    expect(again.contracts.map((c) => c.status)).toEqual(['cached', 'cached']);
    expect(again.contracts.every((c) => c.timings.compileMs === 0 && c.timings.bundleMs === 0)).toBe(true);
    expect(again.manifest).toEqual(first.manifest);
    expect(statSync(first.manifestPath).mtimeMs).toBe(manifestTime);
    expect(statSync(join(root, 'build/main.wasm')).mtimeMs).toBe(wasmTime);
    expect(fastest).toBeLessThan(100);
  });

  it('recompiles only the contract whose imported file changed', async () => {
    writeFiles(root, { 'assembly/lib/greeting.ts': GREETING.replace('Hello, ', 'Hi, ') });
    const result = await build({ root, contracts: ['**/*.ts'] });
    expect(result.contracts.map((c) => [c.name, c.status])).toEqual([
      ['main', 'compiled'],
      ['nested/main', 'cached'],
    ]);
    expect(result.manifest.contracts.main!.wasm.sha256).not.toBe(first.manifest.contracts.main!.wasm.sha256);
  });

  it('keys on content: rewriting a file with the same bytes recompiles nothing', async () => {
    const path = join(root, 'assembly/contracts/nested/main.ts');
    writeFileSync(path, readFileSync(path));
    const result = await build({ root, contracts: ['**/*.ts'] });
    expect(result.contracts.map((c) => c.status)).toEqual(['cached', 'cached']);
  });

  it('remakes a deleted or altered output without recompiling what is intact', async () => {
    rmSync(join(root, 'build/main.deployer.wasm'));
    writeFileSync(join(root, 'build/nested/main.wasm'), 'garbage');
    const result = await build({ root, contracts: ['**/*.ts'] });
    expect(result.contracts.map((c) => [c.name, c.status])).toEqual([
      ['main', 'bundled'],
      ['nested/main', 'compiled'],
    ]);
    expect(sha256(join(root, 'build/main.deployer.wasm'))).toBe(result.manifest.contracts.main!.deployer.sha256);
  });

  it('recompiles everything with force', async () => {
    const result = await build({ root, contracts: ['nested/*.ts'], force: true });
    expect(result.contracts.map((c) => [c.name, c.status])).toEqual([['nested/main', 'compiled']]);
  });

  it('keeps the other contracts when some are selected, and removes the outputs of a contract no longer built', async () => {
    // the previous build selected only nested/main: main keeps its outputs, manifest entry and cache entry
    expect(existsSync(join(root, 'build/main.wasm'))).toBe(true);
    expect(existsSync(join(root, 'build/main.deployer.wasm'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(root, 'build/manifest.json'), 'utf8'));
    expect(Object.keys(manifest.contracts)).toEqual(['main', 'nested/main']);
    expect(Object.keys(JSON.parse(readFileSync(join(root, 'build/.mason-cache.json'), 'utf8')).entries)).toEqual(['main', 'nested/main']);
    // by name, as `mason deploy` names it
    const byName = await build({ root, contracts: ['main'] });
    expect(byName.contracts.map((c) => [c.name, c.status])).toEqual([['main', 'cached']]);
    expect(Object.keys(byName.manifest.contracts)).toEqual(['main', 'nested/main']);
    // or by its path from the project root
    const byPath = await build({ root, contracts: ['assembly/contracts/nested/main.ts'] });
    expect(byPath.contracts.map((c) => [c.name, c.status])).toEqual([['nested/main', 'cached']]);
    // the whole project (top-level contracts) no longer has nested/main: its outputs go
    await build({ root });
    expect(existsSync(join(root, 'build/nested'))).toBe(false);
    expect(existsSync(join(root, 'build/main.deployer.wasm'))).toBe(true);
  });
});

describe('options', () => {
  it('builds only the top level of the contracts folder by default, into outDir, with a source map beside a module that has no custom section', async () => {
    const result = await build({ root, outDir: 'out' });
    expect(result.contracts.map((c) => c.name)).toEqual(['main']);
    const wasm = bytes(join(root, 'out/main.wasm'));
    // the map is a file: no sourceMappingURL section in what is deployed
    expect(customSections(wasm)).toEqual([]);
    expect(customSections(bytes(join(root, 'out/main.deployer.wasm')))).toEqual([]);
    const map = JSON.parse(readFileSync(join(root, 'out/main.wasm.map'), 'utf8'));
    expect(map.sources).toContain('assembly/contracts/main.ts');
    expect(map.sources).toContain('assembly/lib/greeting.ts');
    expect(result.manifest.contracts.main!.sourceMap).toMatchObject({ path: 'main.wasm.map' });
  });

  it('gives the same module and deployer bytes with and without source maps; without, writes none and removes an old one', async () => {
    await build({ root, outDir: 'with-maps', contracts: ['**/*.ts'] });
    const without = await build({ root, outDir: 'with-maps', contracts: ['**/*.ts'], sourceMap: false });
    // turning maps off recompiles (the asc arguments changed): the old maps go
    expect(without.contracts.map((c) => c.status)).toEqual(['compiled', 'compiled']);
    await build({ root, outDir: 'no-maps', contracts: ['**/*.ts'], sourceMap: false });
    await build({ root, outDir: 'maps-again', contracts: ['**/*.ts'] });
    for (const file of ['main.wasm', 'main.deployer.wasm', 'nested/main.wasm', 'nested/main.deployer.wasm']) {
      expect(sha256(join(root, 'maps-again', file)), file).toBe(sha256(join(root, 'no-maps', file)));
      expect(sha256(join(root, 'with-maps', file)), file).toBe(sha256(join(root, 'no-maps', file)));
    }
    expect(existsSync(join(root, 'with-maps/main.wasm.map'))).toBe(false);
    expect(existsSync(join(root, 'no-maps/main.wasm.map'))).toBe(false);
    expect(without.manifest.contracts.main!.sourceMap).toBeUndefined();
    expect(existsSync(join(root, 'maps-again/main.wasm.map'))).toBe(true);
    expect(existsSync(join(root, 'maps-again/nested/main.wasm.map'))).toBe(true);
  });

  it('rewrites a source map altered since the build (the cache accounts for it)', async () => {
    await build({ root, outDir: 'cached-map' });
    const path = join(root, 'cached-map/main.wasm.map');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, '{}');
    const again = await build({ root, outDir: 'cached-map' });
    expect(again.contracts[0]!.status).toBe('compiled');
    expect(readFileSync(path, 'utf8')).toBe(original);
  });
});
