// Syntax trees handed from one asc program to the next in a thread must not change a byte of a
// contract: each is compiled after others (trees reused) and alone (nothing kept), and compared.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContract, type CompiledContract } from '../src/compileContract.js';
import { loadAsc } from '../src/loadAsc.js';
import { clearParsedSources, freshSourcesTransform, withParsedSources } from '../src/index.js';
import { toolchain } from '../src/toolchain.js';
import { GREETING, HELLO, makeProject, PLAIN } from './support/project.js';

const SECOND = HELLO.replace("Storage.set('name', name)", "Storage.set('second name', name)");
const root = makeProject({
  'assembly/contracts/main.ts': HELLO,
  'assembly/contracts/second.ts': SECOND,
  'assembly/contracts/plain.ts': PLAIN,
  'assembly/lib/greeting.ts': GREETING,
});

const compile = (name: string, sourceMap: boolean) =>
  compileContract({
    root,
    name,
    file: join(root, 'assembly/contracts', `${name}.ts`),
    wasmPath: join(root, 'build', `${name}.wasm`),
    sdkDir: toolchain().sdk.dir,
    paths: [toolchain().sdk.nodeModules],
    sourceMap,
  });
const output = ({ wasm, sourceMap }: CompiledContract) => ({
  wasm: Buffer.from(wasm).toString('base64'),
  sourceMap: sourceMap && Buffer.from(sourceMap).toString(),
});

async function alone(name: string, sourceMap: boolean): Promise<CompiledContract> {
  clearParsedSources();
  const compiled = await compile(name, sourceMap);
  expect(compiled.reusedSources).toBe(0);
  return compiled;
}

describe('syntax trees reused across contract compiles', () => {
  it('give the same bytes and source map as compiling each contract alone', async () => {
    for (const sourceMap of [false, true]) {
      clearParsedSources();
      const inSequence = new Map<string, CompiledContract>();
      for (const name of ['main', 'second', 'plain']) inSequence.set(name, await compile(name, sourceMap));
      expect(inSequence.get('main')!.reusedSources).toBe(0);
      // the standard library and the SDK, handed over
      expect(inSequence.get('second')!.reusedSources).toBeGreaterThan(50);
      expect(inSequence.get('plain')!.reusedSources).toBeGreaterThan(20);
      for (const [name, compiled] of inSequence) expect(output(compiled), `${name}, source map: ${sourceMap}`).toEqual(output(await alone(name, sourceMap)));
    }
  }, 300_000);

  it('are not taken from programs run with another transform', async () => {
    clearParsedSources();
    const { asc, assemblyscript } = await loadAsc();
    // A transform that changes every tree it is given: its flavor's trees must stay its own.
    let renamed = 0;
    await withParsedSources(assemblyscript, 'renaming', async (session) => {
      const transform = freshSourcesTransform(session, (parser) => {
        for (const source of parser.sources as { statements: { kind: number; name?: { text: string } }[] }[]) {
          for (const statement of source.statements) if (statement.name?.text === 'sum') (statement.name.text = 'renamed'), renamed++;
        }
      });
      const { error } = await asc.main(
        [join(root, 'assembly/contracts/main.ts'), '--baseDir', root, '--path', toolchain().sdk.nodeModules, '--outFile', 'x.wasm'],
        {
          writeFile: () => undefined,
          stdout: { write: () => true } as never,
          stderr: { write: () => true } as never,
          transforms: [transform as never],
        },
      );
      expect(error).toBeNull();
    });
    expect(renamed).toBe(1);
    const after = await compile('main', false);
    expect(after.reusedSources).toBe(0);
    expect(output(after)).toEqual(output(await alone('main', false)));
  }, 120_000);

  it('are all dropped when a contract does not compile, and a changed file is parsed again', async () => {
    clearParsedSources();
    await compile('main', false);
    writeFileSync(join(root, 'assembly/contracts/broken.ts'), 'export function f(): i32 { return "text"; }\n');
    await expect(compile('broken', false)).rejects.toMatchObject({ code: 'MASON_COMPILER_SOURCE_ERROR' });
    expect((await compile('main', false)).reusedSources).toBe(0);
    writeFileSync(join(root, 'assembly/lib/greeting.ts'), GREETING.replace('Hello, ', 'Hi, '));
    const changed = await compile('main', false);
    expect(changed.reusedSources).toBeGreaterThan(50);
    expect(output(changed)).toEqual(output(await alone('main', false)));
    expect(Buffer.from(changed.wasm).includes(Buffer.from('Hi, ', 'utf16le'))).toBe(true);
  }, 120_000);
});
