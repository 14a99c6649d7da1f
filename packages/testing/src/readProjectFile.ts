import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TestingError } from './errors.js';

/** A project file (e.g. `build/token.wasm`), relative to `root`; `read` records its absolute path, found or not. */
export function readProjectFile(root: string, path: string, read: Set<string>): Uint8Array {
  const absolute = resolve(root, path);
  read.add(absolute);
  if (!existsSync(absolute)) throw new TestingError('MASON_TESTING_FILE_NOT_FOUND', { path, absolute });
  return new Uint8Array(readFileSync(absolute));
}
