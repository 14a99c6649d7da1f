import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CompilerError } from './errors.js';

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
export function writeOutput(path: string, contents: Uint8Array | string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  } catch (error) {
    throw new CompilerError('MASON_COMPILER_WRITE_FAILED', { file: path, reason: (error as Error).message });
  }
}
