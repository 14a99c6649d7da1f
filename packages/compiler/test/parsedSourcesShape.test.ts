// The cache replays asc 0.27's parser bookkeeping: a parser of another shape must leave every
// compile parsing as usual (this file's module instance never sees the real parser first).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../src/compileContract.js';
import { withParsedSources } from '../src/index.js';
import { toolchain } from '../src/toolchain.js';
import { makeProject, PLAIN } from './support/project.js';

class OtherParser {
  readonly backlog: string[] = [];
  readonly sources: unknown[] = [];
  parseFile(_text: string | null, _path: string, _isEntry: boolean): void {}
}

describe('a parser the cache was not written for', () => {
  it('is left as it is, and compiles parse every file', async () => {
    const parseFile = OtherParser.prototype.parseFile;
    const kinds = { Import: 42, Export: 35, NamespaceDeclaration: 59 };
    const result = await withParsedSources({ Parser: OtherParser as never, NodeKind: kinds }, 'other', async (session) => session.reused.size);
    expect(result).toBe(0);
    expect(OtherParser.prototype.parseFile).toBe(parseFile);

    const root = makeProject({ 'assembly/contracts/plain.ts': PLAIN });
    const compile = () =>
      compileContract({
        root,
        name: 'plain',
        file: join(root, 'assembly/contracts/plain.ts'),
        wasmPath: join(root, 'build/plain.wasm'),
        sdkDir: toolchain().sdk.dir,
        paths: [toolchain().sdk.nodeModules],
        sourceMap: false,
      });
    const first = await compile();
    const second = await compile();
    expect([first.reusedSources, second.reusedSources]).toEqual([0, 0]);
    expect(Buffer.from(second.wasm).equals(Buffer.from(first.wasm))).toBe(true);
  }, 120_000);
});
