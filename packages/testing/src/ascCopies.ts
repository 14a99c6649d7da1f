import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPackageDir } from './findPackageDir.js';

/**
 * What AssemblyScript prints when a second copy of it loads in the same process: a project's
 * as-pect transform (or another transform its asconfig names) imports the project's own
 * `assemblyscript`, which may be another version than the one Mason compiles with.
 */
export const ASC_LOADED_TWICE = 'compiler mismatch: std/portable included twice';

/**
 * Whether syntax trees of AssemblyScript `a` suit a transform written against `b`: same major and,
 * while 0.x (where minors break the compiler's API), same minor. 0.27.20 and 0.27.37 are.
 */
export function ascVersionsCompatible(a: string, b: string): boolean {
  const parse = (version: string) => /^(\d+)\.(\d+)\.\d+/.exec(version.trim());
  const [x, y] = [parse(a), parse(b)];
  if (!x || !y || x[1] !== y[1]) return false;
  return x[1] !== '0' || x[2] === y[2];
}

/** The version of the `assemblyscript` installed for `from`, if there is one. */
export function installedAscVersion(from: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(findPackageDir('assemblyscript', from), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

let silenced = 0;
let original: typeof console.warn | undefined;

/**
 * Runs `compile` with AssemblyScript's loaded-twice warning dropped (other warnings pass): for a
 * project whose own, compatible asc its transforms load beside Mason's. Overlapping runs share it.
 */
export async function withoutLoadedTwiceWarning<T>(compile: () => Promise<T>): Promise<T> {
  if (silenced++ === 0) {
    const warn = console.warn;
    original = warn;
    console.warn = (...args: unknown[]) => {
      if (args.length === 1 && args[0] === ASC_LOADED_TWICE) return;
      warn.apply(console, args);
    };
  }
  try {
    return await compile();
  } finally {
    if (--silenced === 0) console.warn = original!;
  }
}
