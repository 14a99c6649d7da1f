// The project's asconfig.json: its transforms run (a real one from npm, and a local file), a
// contract that embeds another's build comes after it and is rebuilt when it changes, and a
// transform that cannot be loaded stops the build instead of compiling another program.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, CompilerError } from '../src/index.js';
import { makeProject, writeFiles } from './support/project.js';

// The transform's package folder (its "main" is dist/index.js).
const AS_TRANSFORMER = dirname(dirname(createRequire(import.meta.url).resolve('@massalabs/as-transformer')));

/** massa-as-sdk's stub: only the transform replaces the call with the file's bytes. */
const EMBED = `export function fileToByteArray(filePath: string): StaticArray<u8> {
  abort('Please use transformer to dynamically include the file.');
  return [];
}
`;
const COUNTER = (text: string) => `import { generateEvent } from '@mason/sdk';
export function hello(_: StaticArray<u8>): void {
  generateEvent('${text}');
}
`;
// Named so that it sorts before the contract it embeds: the order comes from the embedding.
const DEPLOY = `import { createSC, generateEvent } from '@mason/sdk';
import { fileToByteArray } from '../lib/embed';
export function main(_: StaticArray<u8>): void {
  const bytes: StaticArray<u8> = fileToByteArray('build/counter.wasm');
  generateEvent(createSC(bytes).toString());
}
`;

/** A project with node_modules/@massalabs/as-transformer installed, as `npm install -D` leaves it. */
function projectWithTransformer(files: Record<string, string>): string {
  const root = makeProject(files);
  mkdirSync(join(root, 'node_modules/@massalabs'), { recursive: true });
  symlinkSync(AS_TRANSFORMER, join(root, 'node_modules/@massalabs/as-transformer'), 'dir');
  return root;
}

const contains = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).indexOf(Buffer.from(needle)) >= 0;

async function failure(promise: Promise<unknown>): Promise<CompilerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CompilerError) return error;
    throw error;
  }
  throw new Error('the build succeeded');
}

describe("the project's asconfig.json", () => {
  it('runs @massalabs/as-transformer: the deployer embeds the contract built before it, and is rebuilt when it changes', async () => {
    const root = projectWithTransformer({
      'asconfig.json': JSON.stringify({
        targets: { release: { sourceMap: true, optimizeLevel: 3, shrinkLevel: 3, converge: true, noAssert: false, exportRuntime: true, bindings: false } },
        options: { transform: ['@massalabs/as-transformer'] },
      }),
      'assembly/contracts/counter.ts': COUNTER('one'),
      'assembly/contracts/other.ts': COUNTER('other'),
      'assembly/contracts/adeploy.ts': DEPLOY,
      'assembly/lib/embed.ts': EMBED,
    });
    const first = await build({ root, jobs: 1 });
    expect(first.contracts.map((c) => [c.name, c.status])).toEqual([
      ['adeploy', 'compiled'],
      ['counter', 'compiled'],
      ['other', 'compiled'],
    ]);
    const counter = new Uint8Array(readFileSync(join(root, 'build/counter.wasm')));
    const deploy = new Uint8Array(readFileSync(join(root, 'build/adeploy.wasm')));
    expect(contains(deploy, counter)).toBe(true);
    // the stub's abort message is gone with the call it was in
    expect(contains(deploy, Buffer.from('Please use transformer', 'utf16le'))).toBe(false);
    expect(first.manifest.contracts.adeploy!.sources.map((s) => s.path)).toContain('build/counter.wasm');
    expect(first.warnings).toEqual([]);

    // nothing changed: nothing is compiled
    expect((await build({ root, jobs: 1 })).contracts.map((c) => c.status)).toEqual(['cached', 'cached', 'cached']);

    // the embedded contract changes: the deployer is recompiled with its new bytes, also with
    // workers (which load the transform themselves)
    writeFiles(root, { 'assembly/contracts/counter.ts': COUNTER('two'), 'assembly/contracts/other.ts': COUNTER('another') });
    const second = await build({ root, jobs: 2 });
    expect(second.contracts.map((c) => [c.name, c.status])).toEqual([
      ['adeploy', 'compiled'],
      ['counter', 'compiled'],
      ['other', 'compiled'],
    ]);
    const newCounter = new Uint8Array(readFileSync(join(root, 'build/counter.wasm')));
    expect(newCounter).not.toEqual(counter);
    expect(contains(new Uint8Array(readFileSync(join(root, 'build/adeploy.wasm'))), newCounter)).toBe(true);
  }, 120_000);

  it('builds a chain of embedding contracts in the order of what each embeds', async () => {
    const embedding = (file: string) => `import { fileToByteArray } from '../lib/embed';
export function bytes(_: StaticArray<u8>): StaticArray<u8> {
  return fileToByteArray('${file}');
}
`;
    const root = projectWithTransformer({
      'asconfig.json': JSON.stringify({ options: { transform: ['@massalabs/as-transformer'] } }),
      'assembly/contracts/a.ts': embedding('build/b.wasm'),
      'assembly/contracts/b.ts': embedding('build/c.wasm'),
      'assembly/contracts/c.ts': COUNTER('c'),
      'assembly/lib/embed.ts': EMBED,
    });
    await build({ root, jobs: 1 });
    const wasm = (name: string) => new Uint8Array(readFileSync(join(root, `build/${name}.wasm`)));
    expect(contains(wasm('b'), wasm('c'))).toBe(true);
    expect(contains(wasm('a'), wasm('b'))).toBe(true);

    // c fails to compile: what comes after it is not rebuilt around c's old build (not even b,
    // whose own source changed), and keeps its outputs
    const before = { a: wasm('a'), b: wasm('b') };
    writeFiles(root, {
      'assembly/contracts/c.ts': `${COUNTER('c')}export const broken: i32 = 'text';\n`,
      'assembly/contracts/b.ts': `${embedding('build/c.wasm')}export function more(): i32 {\n  return 1;\n}\n`,
    });
    const error = await failure(build({ root, jobs: 1 }));
    expect(error.code).toBe('MASON_COMPILER_SOURCE_ERROR');
    expect(error.context.contracts).toBe('c');
    expect(wasm('a')).toEqual(before.a);
    expect(wasm('b')).toEqual(before.b);
    expect(Object.keys(JSON.parse(readFileSync(join(root, 'build/manifest.json'), 'utf8')).contracts)).toEqual(['a', 'b', 'c']);
  }, 120_000);

  it('refuses a transform that cannot be loaded, naming the asconfig and the transform', async () => {
    const root = makeProject({
      'asconfig.json': JSON.stringify({ options: { transform: ['@mason-test/not-installed-transform'] } }),
      'assembly/contracts/counter.ts': COUNTER('one'),
      'notATransform.mjs': 'export default 42;\n',
    });
    const error = await failure(build({ root }));
    expect(error.code).toBe('MASON_COMPILER_TRANSFORM_FAILED');
    expect(error.context).toMatchObject({ file: 'asconfig.json', transform: '@mason-test/not-installed-transform' });
    expect(error.message).toContain("Cannot find module '@mason-test/not-installed-transform'");
    expect(existsSync(join(root, 'build/counter.wasm'))).toBe(false);

    writeFiles(root, { 'asconfig.json': JSON.stringify({ targets: { release: { transform: './notATransform.mjs' } } }) });
    const notOne = await failure(build({ root }));
    expect(notOne.code).toBe('MASON_COMPILER_TRANSFORM_FAILED');
    expect(notOne.message).toContain('exports neither a transform class nor a transform object');

    writeFiles(root, { 'asconfig.json': '{ "options": ' });
    const bad = await failure(build({ root }));
    expect(bad.code).toBe('MASON_COMPILER_BAD_ASCONFIG');
    expect(bad.context).toMatchObject({ file: 'asconfig.json' });
  }, 60_000);

  it('runs a local transform file; the files it reads are inputs of the build, relative to the project', async () => {
    // afterCompile exports `hello` again under the name written in names.txt
    const transform = `import { readFileSync } from 'node:fs';
export default class ExportAgain {
  afterCompile(module) {
    const name = readFileSync('names.txt', 'utf8').trim();
    if (name === 'fail') throw new Error('names.txt says fail');
    const internal = this.binaryen.getExportInfo(module.getExport('hello')).value;
    module.addFunctionExport(internal, name);
  }
}
`;
    const root = makeProject({
      'asconfig.json': JSON.stringify({ extends: './config/base.json' }),
      'config/base.json': JSON.stringify({ options: { transform: ['../transforms/exportAgain.mjs'] } }),
      'transforms/exportAgain.mjs': transform,
      'names.txt': 'greet',
      'assembly/contracts/counter.ts': COUNTER('one'),
    });
    const first = await build({ root });
    expect(first.manifest.contracts.counter!.exports).toEqual(['hello', 'greet']);
    expect(first.manifest.contracts.counter!.sources.map((s) => s.path)).toContain('names.txt');

    writeFileSync(join(root, 'names.txt'), 'salute');
    const second = await build({ root });
    expect(second.contracts[0]!.status).toBe('compiled');
    expect(second.manifest.contracts.counter!.exports).toEqual(['hello', 'salute']);

    writeFileSync(join(root, 'names.txt'), 'fail');
    const error = await failure(build({ root }));
    expect(error.code).toBe('MASON_COMPILER_TRANSFORM_ERROR');
    expect(error.context).toMatchObject({
      transform: '../transforms/exportAgain.mjs',
      file: 'config/base.json',
      contract: 'counter',
      reason: 'names.txt says fail',
    });
  }, 60_000);

  it('warns when a contract calls fileToByteArray() and no transform is configured', async () => {
    const root = makeProject({
      'assembly/contracts/counter.ts': COUNTER('one'),
      'assembly/contracts/adeploy.ts': DEPLOY,
      'assembly/lib/embed.ts': EMBED,
    });
    const result = await build({ root, jobs: 1 });
    expect(result.warnings.map((w) => [w.code, w.contract])).toEqual([['MASON_COMPILER_NO_TRANSFORM', 'adeploy']]);
    expect(result.warnings[0]!.message).toContain('assembly/contracts/adeploy.ts calls fileToByteArray()');
  }, 60_000);
});
