import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MASON_PACKAGES, MASON_VERSION } from './catalog.js';
import { ScaffoldError } from './errors.js';

/** Inside a generated project: the copied tarballs, so the project installs on any machine. */
export const LOCAL_PACKAGES_DIR = '.mason-packages';

/** Packed Mason tarballs found in a folder, one per package. */
export interface LocalPackages {
  /** The folder they were found in (absolute). */
  dir: string;
  /** Package name → tarball file name (mason-cli-0.1.0.tgz). */
  tarballs: Map<string, string>;
}

const TARBALL = /^mason-([a-z-]+?)-(\d+\.\d+\.\d+[^/]*)\.tgz$/;

/**
 * Finds the tarball of every Mason package in `dir` (`pnpm pack` names: mason-codec-0.1.0.tgz),
 * resolved against `cwd`. Refuses a missing folder, a missing package, or two versions of one
 * package with neither the expected one.
 */
export function findLocalPackages(dir: string, cwd: string): LocalPackages {
  const absolute = resolve(cwd, dir);
  if (!isDirectory(absolute)) throw new ScaffoldError('MASON_CREATE_LOCAL_PACKAGES_NOT_FOUND', { dir: absolute });
  const found = new Map<string, { file: string; version: string }[]>();
  for (const file of readdirSync(absolute).sort()) {
    const match = TARBALL.exec(file);
    if (!match) continue;
    const name = `@mason/${match[1]}`;
    found.set(name, [...(found.get(name) ?? []), { file, version: match[2]! }]);
  }
  const missing = MASON_PACKAGES.filter((name) => !found.has(name));
  if (missing.length > 0) throw new ScaffoldError('MASON_CREATE_LOCAL_PACKAGES_MISSING', { dir: absolute, names: missing.join(', ') });
  const tarballs = new Map<string, string>();
  for (const name of MASON_PACKAGES) {
    const candidates = found.get(name)!;
    const chosen = candidates.length === 1 ? candidates[0] : candidates.find((c) => c.version === MASON_VERSION);
    if (!chosen) {
      throw new ScaffoldError('MASON_CREATE_LOCAL_PACKAGES_AMBIGUOUS', {
        dir: absolute,
        name,
        files: candidates.map((c) => c.file).join(', '),
        version: MASON_VERSION,
      });
    }
    tarballs.set(name, chosen.file);
  }
  return { dir: absolute, tarballs };
}

/** Copies the tarballs into `<project>/.mason-packages/`; returns the files written. */
export function copyLocalPackages(local: LocalPackages, project: string): string[] {
  const target = join(project, LOCAL_PACKAGES_DIR);
  mkdirSync(target, { recursive: true });
  return [...local.tarballs.values()].map((file) => {
    copyFileSync(join(local.dir, file), join(target, file));
    return join(target, file);
  });
}

/** The dependency range of a copied tarball: relative to the project, so the project can move. */
export const localRange = (file: string): string => `file:${LOCAL_PACKAGES_DIR}/${file}`;

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
