// Syntax trees handed from one spec compile to the next must not change a byte of what asc emits:
// every spec is compiled after others (trees reused) and alone (nothing kept), and compared.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblyPaths } from '../src/assemblyPaths.js';
import { clearParsedSources } from '@mason/compiler';
import { type CompiledSpec, SpecCompiler, type SpecCompilerOptions } from '../src/SpecCompiler.js';
import { TestingError } from '../src/errors.js';
import { fixtureProject, type FixtureProject } from './support/fixtureProject.js';

let project: FixtureProject;
let sdkProject: FixtureProject;
beforeAll(async () => {
  [project, sdkProject] = await Promise.all([fixtureProject('project'), fixtureProject('as-sdk')]);
});
afterAll(() => {
  project?.remove();
  sdkProject?.remove();
});

const options = (root: string, extra: Partial<SpecCompilerOptions> = {}): SpecCompilerOptions => ({
  root,
  asconfig: undefined,
  includes: [],
  paths: assemblyPaths(root),
  ...extra,
});
const specsOf = (root: string) =>
  readdirSync(join(root, 'assembly/__tests__'))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `assembly/__tests__/${name}`);
const output = ({ binary, sourceMap }: CompiledSpec) => ({ binary: Buffer.from(binary).toString('base64'), sourceMap });

/** The spec compiled with nothing kept from earlier compiles. */
async function alone(compilerOptions: SpecCompilerOptions, file: string): Promise<CompiledSpec> {
  clearParsedSources();
  const compiled = await new SpecCompiler(compilerOptions).compile(file);
  expect(compiled.reusedSources).toBe(0);
  return compiled;
}

async function compileError(compiler: SpecCompiler, file: string): Promise<TestingError> {
  const error = await compiler.compile(file).catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(TestingError);
  expect((error as TestingError).code).toBe('MASON_TESTING_COMPILE');
  return error as TestingError;
}

describe('syntax trees reused across spec compiles', () => {
  it('give the same bytes and source map as compiling each spec alone, across projects', async () => {
    clearParsedSources();
    const files = [
      ...specsOf(project.root).map((file) => [project.root, file] as const),
      ...specsOf(sdkProject.root).map((file) => [sdkProject.root, file] as const),
    ];
    const compilers = new Map([project.root, sdkProject.root].map((root) => [root, new SpecCompiler(options(root))]));
    const inSequence: CompiledSpec[] = [];
    for (const [root, file] of files) inSequence.push(await compilers.get(root)!.compile(file));

    expect(inSequence[0]!.reusedSources).toBe(0);
    // the standard library, as-pect and the SDK: 50–110 files handed over to each later spec
    for (const compiled of inSequence.slice(1)) expect(compiled.reusedSources).toBeGreaterThan(50);
    for (const [i, [root, file]] of files.entries()) {
      expect(output(inSequence[i]!), file).toEqual(output(await alone(options(root), file)));
    }
  }, 300_000);

  it('give the same bytes for a contract instrumented for the gas report', async () => {
    const instrument = { [join(project.root, 'assembly/contracts/counter.ts')]: 'counter' };
    const [first, second] = specsOf(project.root);
    const compiler = new SpecCompiler(options(project.root, { instrument }));
    clearParsedSources();
    await compiler.compile(first!);
    const reused = await compiler.compile(second!);
    expect(reused.reusedSources).toBeGreaterThan(50);
    expect(output(reused)).toEqual(output(await alone(options(project.root, { instrument }), second!)));
  }, 120_000);

  it('are not reused once a file changed, and two compiles at once do not share a program', async () => {
    const spec = 'assembly/__tests__/changing.spec.ts';
    const write = (value: number) =>
      writeFileSync(join(project.root, spec), `describe('changing', () => {\n  test('value', () => {\n    expect<i32>(${value}).toBe(${value});\n  });\n});\n`);
    clearParsedSources();
    const compiler = new SpecCompiler(options(project.root));
    write(1);
    const before = await compiler.compile(spec);
    write(2);
    // a new compiler reads the file again; the kept tree of the old text must not be used
    const [after, other] = await Promise.all([new SpecCompiler(options(project.root)).compile(spec), compiler.compile(specsOf(project.root)[0]!)]);
    expect(output(after)).not.toEqual(output(before));
    expect(output(after)).toEqual(output(await alone(options(project.root), spec)));
    expect(output(other)).toEqual(output(await alone(options(project.root), specsOf(project.root)[0]!)));
  }, 120_000);

  it('report a broken spec as compiling it alone does, then start afresh', async () => {
    const syntax = 'assembly/__tests__/syntax.spec.ts';
    const types = 'assembly/__tests__/types.spec.ts';
    writeFileSync(join(project.root, syntax), "describe('broken', () => {\n  test('x', () => {\n    const n: i32 = ;\n  });\n});\n");
    writeFileSync(join(project.root, types), "import { Args } from '@massalabs/as-types';\ntest('x', () => {\n  const n: i32 = new Args();\n});\n");
    const [good] = specsOf(project.root);
    for (const broken of [syntax, types]) {
      clearParsedSources();
      const expected = (await compileError(new SpecCompiler(options(project.root)), broken)).message;
      const compiler = new SpecCompiler(options(project.root));
      await compiler.compile(good!);
      expect((await compileError(compiler, broken)).message).toBe(expected);
      // nothing is kept from a failed compile or before it
      const next = await compiler.compile(good!);
      expect(next.reusedSources).toBe(0);
      expect(output(next)).toEqual(output(await alone(options(project.root), good!)));
    }
  }, 120_000);
});
