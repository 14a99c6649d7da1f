import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { build, CompilerError, compilerErrors, compilerWarnings } from '../src/index.js';
import { PLAIN, makeProject } from './support/project.js';

async function failure(promise: Promise<unknown>): Promise<CompilerError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CompilerError);
  return error as CompilerError;
}

describe('source errors', () => {
  it('reports a syntax error as a typed error with file:line:column and a code frame', async () => {
    const root = makeProject({
      'assembly/contracts/broken.ts': 'export function f(): i32 {\n  const a = 1;\n  const b = = 2;\n  return a + b;\n}\n',
    });
    const error = await failure(build({ root }));
    expect(error.code).toBe('MASON_COMPILER_SOURCE_ERROR');
    expect(error.docs).toBe('https://github.com/mason-dev/mason/blob/main/docs/compiler.md#mason_compiler_source_error');
    expect(error.diagnostics).toHaveLength(1);
    const [diagnostic] = error.diagnostics;
    expect(diagnostic).toMatchObject({
      severity: 'error',
      code: 'TS1109',
      message: 'Expression expected.',
      file: 'assembly/contracts/broken.ts',
      line: 3,
      column: 13,
    });
    expect(diagnostic!.frame).toBe(
      ['  1 │ export function f(): i32 {', '  2 │   const a = 1;', '> 3 │   const b = = 2;', '    │             ^', '  4 │   return a + b;'].join('\n'),
    );
    expect(error.message).toContain('assembly/contracts/broken.ts:3:13 - error TS1109: Expression expected.');
    expect(error.message).toContain('> 3 │   const b = = 2;');
  });

  it("shows an error raised inside an SDK generic at the project's line that called it, once", async () => {
    const root = makeProject({
      'assembly/contracts/counter.ts': [
        "import { Storage } from '@mason/sdk';",
        '',
        'export function increment(_: StaticArray<u8>): void {',
        '  const count: i32 = 5;',
        "  Storage.set('count', count);",
        "  Storage.set('again', count);",
        '}',
        '',
      ].join('\n'),
    });
    const error = await failure(build({ root }));
    expect(error.code).toBe('MASON_COMPILER_SOURCE_ERROR');
    // the instance Storage.set<string, i32> is compiled (and fails) once, at its first call
    expect(error.diagnostics).toHaveLength(1);
    expect(error.diagnostics[0]).toMatchObject({
      code: 'AS102',
      message: "User-defined: 'Storage keys and values must be string, StaticArray<u8> or Args.'",
      file: 'assembly/contracts/counter.ts',
      line: 5,
      column: 3,
      origin: { file: '@mason/sdk/assembly/Storage.ts', line: expect.any(Number), column: expect.any(Number) },
    });
    expect(error.diagnostics[0]!.frame).toContain("> 5 │   Storage.set('count', count);");
    expect(error.message).toContain('assembly/contracts/counter.ts:5:3 - error AS102: User-defined:');
    expect(error.message).toMatch(/\(raised in @mason\/sdk\/assembly\/Storage\.ts:\d+:\d+\)/);
  });

  it('reports type errors of every failing contract together, and still builds the others', async () => {
    const root = makeProject({
      'assembly/contracts/a.ts': 'export function f(): i32 {\n  return missing;\n}\n',
      'assembly/contracts/b.ts': 'export function g(): void {\n  let x: i32 = "text";\n}\n',
      'assembly/contracts/ok.ts': PLAIN,
    });
    const error = await failure(build({ root }));
    expect(error.code).toBe('MASON_COMPILER_SOURCE_ERROR');
    expect(error.context.contracts).toBe('a, b');
    expect(error.diagnostics.map((d) => [d.file, d.line, d.code])).toEqual([
      ['assembly/contracts/a.ts', 2, 'TS2304'],
      ['assembly/contracts/b.ts', 2, 'TS2322'],
    ]);
    const manifest = JSON.parse(readFileSync(`${root}/build/manifest.json`, 'utf8'));
    expect(Object.keys(manifest.contracts)).toEqual(['ok']);
  });
});

describe('node rules', () => {
  it('refuses a contract importing a host function the node does not provide', async () => {
    const root = makeProject({
      'assembly/contracts/mimc.ts': [
        '@external("massa", "assembly_script_hash_mimc")',
        'declare function hashMimc(data: StaticArray<u8>): StaticArray<u8>;',
        'export function f(): i32 { return hashMimc([1]).length; }',
      ].join('\n'),
    });
    const error = await failure(build({ root }));
    expect(error.code).toBe('MASON_COMPILER_UNKNOWN_IMPORT');
    expect(error.context).toMatchObject({ file: 'build/mimc.wasm', import: 'massa.assembly_script_hash_mimc' });
  });

  it('refuses a host function imported with another signature', async () => {
    const root = makeProject({
      'assembly/contracts/sig.ts': [
        '@external("massa", "assembly_script_get_time")',
        'declare function time(): i32;',
        'export function f(): i32 { return time(); }',
      ].join('\n'),
    });
    const error = await failure(build({ root }));
    expect(error.code).toBe('MASON_COMPILER_IMPORT_SIGNATURE');
    expect(error.message).toContain('as () -> (i32) but a Massa node provides () -> (i64)');
  });
});

describe('project errors', () => {
  it('says where contracts are expected', async () => {
    const missing = await failure(build({ root: makeProject({ 'README.md': '' }) }));
    expect(missing.code).toBe('MASON_COMPILER_NO_CONTRACTS');
    expect(missing.message).toBe(
      'No contract to build: assembly/contracts does not exist. Put contracts at the top level of assembly/contracts or pass `contracts` patterns',
    );
    const empty = await failure(build({ root: makeProject({ 'assembly/contracts/__tests__/a.spec.ts': '' }) }));
    expect(empty.message).toContain('assembly/contracts has no .ts file in it');
    const unmatched = await failure(build({ root: makeProject({ 'assembly/contracts/a.ts': '' }), contracts: ['x/*.ts'] }));
    expect(unmatched.message).toContain('nothing in it matches x/*.ts');
  });

  it('refuses contracts whose outputs would overwrite each other', async () => {
    const root = makeProject({ 'assembly/contracts/a.ts': PLAIN, 'assembly/contracts/a.deployer.ts': PLAIN });
    const error = await failure(build({ root }));
    expect(error.code).toBe('MASON_COMPILER_OUTPUT_COLLISION');
    expect(error.message).toBe('a and a.deployer would both write a.deployer.wasm; rename one of them');
  });
});

describe('the error table', () => {
  it('documents every code under its anchor in docs/compiler.md', () => {
    const docs = readFileSync(new URL('../../../docs/compiler.md', import.meta.url), 'utf8');
    for (const code of [...Object.keys(compilerErrors), ...Object.keys(compilerWarnings)]) {
      expect(docs, code).toContain(`### ${code}`);
    }
  });
});
