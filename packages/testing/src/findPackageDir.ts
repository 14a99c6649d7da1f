import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { TestingError } from './errors.js';

/** The installed folder of package `name`, looked up from `from` the way Node walks node_modules. */
export function findPackageDir(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new TestingError('MASON_TESTING_NOT_INSTALLED', { name, from });
  }
}
