import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, CompilerError, MAX_JOBS, type BuildProgress } from '../src/index.js';
import { CompilePool } from '../src/CompilePool.js';
import { toolchain } from '../src/toolchain.js';
import { GREETING, HELLO, PLAIN, makeProject } from './support/project.js';

async function failure(promise: Promise<unknown>): Promise<CompilerError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CompilerError);
  return error as CompilerError;
}

/** Every file under `dir` (relative path → bytes). */
function files(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(relative(dir, path), readFileSync(path));
  }
  return found;
}

const TWICE = 'export function twice(x: i32): i32 {\n  return x * 2;\n}\n';
const UNKNOWN_IMPORT = [
  '@external("massa", "assembly_script_hash_mimc")',
  'declare function hashMimc(data: StaticArray<u8>): StaticArray<u8>;',
  'export function f(): i32 { return hashMimc([1]).length; }',
].join('\n');

describe('parallel builds (worker threads)', () => {
  it('write the same bytes as a build in one thread, with the same manifest and cache', async () => {
    const root = makeProject({
      'assembly/contracts/main.ts': HELLO,
      'assembly/contracts/plain.ts': PLAIN,
      'assembly/contracts/twice.ts': TWICE,
      'assembly/lib/greeting.ts': GREETING,
    });
    const events: BuildProgress[] = [];
    // The same outDir both times: its path is part of asc's arguments, hence of the cache keys.
    const serial = await build({ root, jobs: 1 });
    const serialFiles = files(join(root, 'build'));
    rmSync(join(root, 'build'), { recursive: true });
    const parallel = await build({ root, jobs: 3, onProgress: (event) => events.push(event) });
    const parallelFiles = files(join(root, 'build'));
    expect(parallel.contracts.map((c) => [c.name, c.status])).toEqual(serial.contracts.map((c) => [c.name, 'compiled']));
    expect(parallel.manifest).toEqual(serial.manifest);
    expect([...parallelFiles.keys()].sort()).toEqual([...serialFiles.keys()].sort());
    expect(serialFiles.size).toBe(14); // 3 × (.wasm, .wasm.map, .deployer.wasm, .abi.json), manifest.json, .mason-cache.json
    for (const [path, bytes] of serialFiles) expect(parallelFiles.get(path)!.equals(bytes), path).toBe(true);
    // each contract starts once, before it is done
    for (const name of ['main', 'plain', 'twice']) {
      const mine = events.map((event) => (event.type === 'start' ? ['start', event.contract] : ['done', event.contract.name])).filter(([, n]) => n === name);
      expect(
        mine.map(([type]) => type),
        name,
      ).toEqual(['start', 'done']);
    }
    const again = await build({ root, jobs: 3 });
    expect(again.contracts.map((c) => c.status)).toEqual(['cached', 'cached', 'cached']);
  }, 120_000);

  it('report the source errors of every failing contract as one thread does, and still build the others', async () => {
    const root = makeProject({
      'assembly/contracts/a.ts': 'export function f(): i32 {\n  return missing;\n}\n',
      'assembly/contracts/b.ts': 'export function g(): void {\n  let x: i32 = "text";\n}\n',
      'assembly/contracts/ok.ts': PLAIN,
      'assembly/contracts/twice.ts': TWICE,
    });
    const serial = await failure(build({ root, outDir: 'serial', jobs: 1 }));
    const parallel = await failure(build({ root, outDir: 'parallel', jobs: 2 }));
    expect(parallel.code).toBe('MASON_COMPILER_SOURCE_ERROR');
    expect(parallel.message).toBe(serial.message);
    expect(parallel.context.contracts).toBe('a, b');
    expect(parallel.diagnostics).toEqual(serial.diagnostics);
    expect(parallel.diagnostics.map((d) => [d.file, d.line, d.column, d.code])).toEqual([
      ['assembly/contracts/a.ts', 2, 10, 'TS2304'],
      ['assembly/contracts/b.ts', 2, 16, 'TS2322'],
    ]);
    const manifest = JSON.parse(readFileSync(join(root, 'parallel/manifest.json'), 'utf8'));
    expect(Object.keys(manifest.contracts)).toEqual(['ok', 'twice']);
    for (const file of ['ok.wasm', 'ok.deployer.wasm', 'twice.wasm', 'twice.deployer.wasm']) expect(existsSync(join(root, 'parallel', file)), file).toBe(true);
    expect(existsSync(join(root, 'parallel/a.wasm'))).toBe(false);
  }, 120_000);

  it('stop on an error that is not a source error, as one thread does: no manifest is written', async () => {
    const root = makeProject({
      'assembly/contracts/mimc.ts': UNKNOWN_IMPORT,
      'assembly/contracts/ok.ts': PLAIN,
    });
    const error = await failure(build({ root, jobs: 2 }));
    expect(error.code).toBe('MASON_COMPILER_UNKNOWN_IMPORT');
    expect(error.context).toMatchObject({ file: 'build/mimc.wasm', import: 'massa.assembly_script_hash_mimc' });
    expect(existsSync(join(root, 'build/manifest.json'))).toBe(false);
  }, 120_000);

  it('refuse a jobs count that is not a whole number from 1 to MAX_JOBS, before compiling anything', async () => {
    const root = makeProject({ 'assembly/contracts/ok.ts': PLAIN });
    for (const jobs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_JOBS + 1, '2' as unknown as number]) {
      const error = await failure(build({ root, jobs }));
      expect(error.code, String(jobs)).toBe('MASON_COMPILER_BAD_JOBS');
      expect(error.message).toContain(`from 1 to ${MAX_JOBS}`);
    }
    expect(existsSync(join(root, 'build'))).toBe(false);
  });

  it('turn a crash inside a worker into MASON_COMPILER_WORKER_FAILED naming the contract', async () => {
    const root = makeProject({ 'assembly/contracts/ok.ts': PLAIN });
    const { sdk } = toolchain();
    const pool = new CompilePool(1);
    try {
      const input = {
        root,
        name: 'ok',
        file: join(root, 'assembly/contracts/ok.ts'),
        wasmPath: join(root, 'build/ok.wasm'),
        sdkDir: sdk.dir,
        paths: null as never,
        sourceMap: false,
      };
      const error = await failure(pool.compile(input));
      expect(error.code).toBe('MASON_COMPILER_WORKER_FAILED');
      expect(error.context.contract).toBe('ok');
      expect(error.message).toContain('TypeError');
      expect(error.message).toContain('--jobs 1');
    } finally {
      await pool.close();
    }
  });
});
