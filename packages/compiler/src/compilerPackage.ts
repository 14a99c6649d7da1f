import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed @mason/compiler folder (this file is in its src/ or dist/). */
export const COMPILER_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));

export const COMPILER_NAME = '@mason/compiler';

export const COMPILER_VERSION: string = JSON.parse(readFileSync(join(COMPILER_DIR, 'package.json'), 'utf8')).version;
