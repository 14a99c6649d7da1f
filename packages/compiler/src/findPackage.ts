import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface InstalledPackage {
  name: string;
  version: string;
  /** Folder of the package as found (through symlinks, not resolved). */
  dir: string;
  /** The node_modules folder it was found in. */
  nodeModules: string;
}

/** Finds `name` the way Node and asc do: in node_modules folders from `fromDir` upwards. */
export function findPackage(fromDir: string, name: string): InstalledPackage | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const nodeModules = join(dir, 'node_modules');
    const manifest = join(nodeModules, name, 'package.json');
    if (existsSync(manifest)) {
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
      return { name, version, dir: join(nodeModules, name), nodeModules };
    }
    if (dirname(dir) === dir) return undefined;
  }
}
