// Compiles a test contract (test/contracts/<name>.ts) with the SDK's Massa-safe asconfig, through
// @mason/test-utils (in memory, cached).
import { compileContract as compile } from '@mason/test-utils';
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

export function compileContract(name: string, options: CompileOptions = {}): Promise<Uint8Array> {
  return compile(join(sdkDir, 'test', 'contracts', `${name}.ts`), { asconfig: join(sdkDir, 'asconfig.json'), baseDir: sdkDir, ...options });
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
