import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { ScaffoldError } from './errors.js';

/**
 * Refuses, before anything is written, a project folder that cannot be created: one that exists
 * and is a file or holds files, or one below a file or in a folder the user cannot write to.
 */
export function checkProjectDir(dir: string): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new ScaffoldError('MASON_CREATE_DIR_NOT_A_FOLDER', { dir, path: dir });
    if (readdirSync(dir).length > 0) throw new ScaffoldError('MASON_CREATE_DIR_NOT_EMPTY', { dir });
  }
  // The nearest folder that exists is where the project (or its first missing parent) is made.
  let folder = dir;
  while (!existsSync(folder)) folder = dirname(folder);
  if (!statSync(folder).isDirectory()) throw new ScaffoldError('MASON_CREATE_DIR_NOT_A_FOLDER', { dir, path: folder });
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch {
    throw new ScaffoldError('MASON_CREATE_DIR_NOT_WRITABLE', { dir, folder });
  }
}
