import { existsSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

function isAssemblyScriptPackage(dir: string): boolean {
  return existsSync(join(dir, 'index.ts')) || existsSync(join(dir, 'assembly', 'index.ts'));
}

function packageDirs(nodeModules: string): string[] {
  const dirs: string[] = [];
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    const path = join(nodeModules, name);
    if (name.startsWith('@')) {
      for (const inner of readdirSync(path)) dirs.push(join(path, inner));
    } else {
      dirs.push(path);
    }
  }
  return dirs;
}

/**
 * Extra package roots for asc (`--path`): with pnpm, an AssemblyScript package's own dependencies
 * (as-bignum next to @massalabs/as-types, …) sit beside its real location, not in the project's
 * node_modules where asc looks. For every linked AssemblyScript package in the node_modules of
 * `root` and its parents, the folder that holds its real location is added.
 */
export function assemblyPaths(root: string): string[] {
  const paths = new Set<string>();
  for (let dir = root; ; dir = dirname(dir)) {
    const nodeModules = join(dir, 'node_modules');
    if (existsSync(nodeModules)) {
      for (const path of packageDirs(nodeModules)) {
        try {
          if (!lstatSync(path).isSymbolicLink() || !isAssemblyScriptPackage(path)) continue;
          const real = realpathSync(path);
          const scoped = /[\\/]@[^\\/]+[\\/][^\\/]+$/.test(path);
          const holder = scoped ? dirname(dirname(real)) : dirname(real);
          if (holder.endsWith('node_modules')) paths.add(holder);
        } catch {
          // A dangling link is not ours to report.
        }
      }
    }
    if (dirname(dir) === dir) break;
  }
  return [...paths];
}
