// Compiles an AssemblyScript contract in-process with the SDK's Massa-safe asconfig, in memory.
import asc from 'assemblyscript/asc';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const sdkDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface CompileOptions {
  /** asconfig target, `release` by default. */
  target?: 'release' | 'debug';
  /** Extra package-resolution roots (asc `--path`). */
  paths?: string[];
  /** Extra asc command-line flags. */
  flags?: string[];
}

export async function compileContract(name: string, options: CompileOptions = {}): Promise<Uint8Array> {
  const outputs = new Map<string, Uint8Array>();
  let stderr = '';
  const argv = [
    `test/contracts/${name}.ts`,
    '--baseDir', sdkDir,
    '--config', 'asconfig.json',
    '--target', options.target ?? 'release',
    '--outFile', 'out.wasm',
    ...(options.paths ?? []).flatMap((path) => ['--path', path]),
    ...(options.flags ?? []),
  ];
  const { error } = await asc.main(argv, {
    writeFile(file, contents) {
      outputs.set(file, typeof contents === 'string' ? new TextEncoder().encode(contents) : contents);
    },
    stdout: { write: () => true } as never,
    stderr: { write: (text: string | Uint8Array) => ((stderr += String(text)), true) } as never,
  });
  const binary = outputs.get('out.wasm');
  if (error || !binary) throw new Error(`compiling ${name} failed: ${error?.message ?? 'no output'}\n${stderr}`);
  return binary;
}

/**
 * The node_modules folder that holds as-bignum next to @massalabs/as-types (pnpm keeps it out of
 * the root node_modules, where asc would look), so test contracts can import both.
 */
export function asTypesPackagesDir(): string {
  return resolve(packageDir('@massalabs/as-types'), '../..');
}

/** The installed folder of `name`, found the way Node looks up node_modules from this package. */
export function packageDir(name: string): string {
  for (let dir = sdkDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`${name} is not installed`);
  }
}
