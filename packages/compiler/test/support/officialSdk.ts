// Projects written for the official SDK: their node_modules link to the repository's copies of
// @massalabs/massa-as-sdk and @massalabs/as-types and the packages those import.
import { mkdirSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryModules = fileURLToPath(new URL('../../../../node_modules/', import.meta.url));

/** Links the official SDK, as-types, as-bignum and as-base64 into `root/node_modules`. */
export function linkOfficialSdk(root: string): void {
  const modules = join(root, 'node_modules');
  mkdirSync(join(modules, '@massalabs'), { recursive: true });
  for (const name of ['@massalabs/massa-as-sdk', '@massalabs/as-types']) {
    // pnpm keeps a package's dependencies beside it.
    const siblings = dirname(dirname(realpathSync(join(repositoryModules, name))));
    for (const entry of readdirSync(siblings)) {
      if (entry === 'assemblyscript' || entry === '.bin') continue;
      const names = entry.startsWith('@') ? readdirSync(join(siblings, entry)).map((inner) => `${entry}/${inner}`) : [entry];
      for (const linked of names) {
        mkdirSync(dirname(join(modules, linked)), { recursive: true });
        try {
          symlinkSync(join(siblings, linked), join(modules, linked), 'dir');
        } catch {
          // already linked
        }
      }
    }
  }
}
