import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompiledSpec, WasmSourceMapJson } from './SpecCompiler.js';

interface Manifest {
  /** Every source file the compilation read, with the sha256 of its content. */
  inputs: Array<[path: string, sha256: string]>;
  sourceMap: WasmSourceMapJson | undefined;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Compiled specs by content: a spec is served from the cache while every file its compilation
 * read is unchanged (same compiler, same options). Entries live in node_modules/.cache/mason-test.
 */
export class CompileCache {
  private readonly dir: string;

  constructor(
    root: string,
    /** What else decides the output: versions, options. */
    private readonly salt: string,
  ) {
    this.dir = existsSync(join(root, 'node_modules'))
      ? join(root, 'node_modules', '.cache', 'mason-test')
      : join(tmpdir(), `mason-test-${sha256(root).slice(0, 16)}`);
  }

  private key(file: string): string {
    return sha256(`${this.salt}\0${file}`).slice(0, 32);
  }

  get(file: string): CompiledSpec | undefined {
    const key = this.key(file);
    let manifest: Manifest;
    let binary: Uint8Array;
    try {
      manifest = JSON.parse(readFileSync(join(this.dir, `${key}.json`), 'utf8')) as Manifest;
      for (const [path, hash] of manifest.inputs) if (sha256(readFileSync(path)) !== hash) return undefined;
      binary = new Uint8Array(readFileSync(join(this.dir, `${key}.wasm`)));
    } catch {
      return undefined;
    }
    return { binary, sourceMap: manifest.sourceMap, compileMs: 0, inputs: manifest.inputs.map(([path]) => path), cached: true };
  }

  set(file: string, compiled: CompiledSpec): void {
    const key = this.key(file);
    const inputs: Manifest['inputs'] = [];
    for (const path of compiled.inputs) {
      try {
        inputs.push([path, sha256(readFileSync(path))]);
      } catch {
        return;
      }
    }
    mkdirSync(this.dir, { recursive: true });
    // Two runs may write the same entry: publish each file whole.
    const write = (name: string, data: string | Uint8Array) => {
      const partial = join(this.dir, `${name}.${process.pid}.tmp`);
      writeFileSync(partial, data);
      renameSync(partial, join(this.dir, name));
    };
    write(`${key}.wasm`, compiled.binary);
    write(`${key}.json`, JSON.stringify({ inputs, sourceMap: compiled.sourceMap } satisfies Manifest));
  }
}
