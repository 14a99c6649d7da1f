import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CliError } from './errors.js';
import { parseJsonFile } from './parseJsonFile.js';

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

function readPackage(dir: string): Record<string, unknown> | null {
  const path = join(dir, 'package.json');
  if (!existsSync(path)) return null;
  const parsed = parseJsonFile(path, (where, reason) => new CliError('MASON_CLI_BAD_PACKAGE_JSON', { path, where, reason }));
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function usesMason(pkg: Record<string, unknown>): boolean {
  if ('mason' in pkg) return true;
  return DEPENDENCY_FIELDS.some((field) => {
    const deps = pkg[field];
    return typeof deps === 'object' && deps !== null && Object.keys(deps).some((name) => name.startsWith('@mason/'));
  });
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/**
 * The project a command run in `from` belongs to: the nearest folder at or above it whose
 * package.json depends on @mason/* (or has a "mason" field); failing that, the nearest folder
 * with a package.json beside an assembly/ folder (an AssemblyScript contract project). Null
 * outside any project.
 */
export function findProjectRoot(from: string = process.cwd()): string | null {
  let fallback: string | null = null;
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const pkg = readPackage(dir);
    if (pkg && usesMason(pkg)) return dir;
    if (pkg && fallback === null && isDirectory(join(dir, 'assembly'))) fallback = dir;
    if (dirname(dir) === dir) return fallback;
  }
}

/**
 * The project root, for commands that need one (build, deploy, test). The process moves there,
 * as `npm run` does, so paths, `.env` and `deployments/` are the project's from any sub-folder.
 */
export function enterProject(command: string): string {
  const root = findProjectRoot();
  if (!root) throw new CliError('MASON_CLI_NOT_A_PROJECT', { dir: process.cwd(), command });
  if (root !== process.cwd()) process.chdir(root);
  return root;
}
