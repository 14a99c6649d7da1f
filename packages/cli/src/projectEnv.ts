import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { findProjectRoot } from './project.js';

const requireHere = createRequire(import.meta.url);

/** The `.env` the mason command reads: the project's (from any of its sub-folders), else the current folder's. */
export function envFilePath(): string {
  return join(findProjectRoot() ?? process.cwd(), '.env');
}

/**
 * A setting from the environment, else from `.env` (read without changing process.env), as
 * PRIVATE_KEY is read. An empty value counts as unset.
 */
export function envSetting(name: string): string | undefined {
  const fromEnv = process.env[name]?.trim();
  if (fromEnv) return fromEnv;
  const path = envFilePath();
  if (!existsSync(path)) return undefined;
  // dotenv is loaded only when a .env exists and the environment lacks the setting.
  const parsed = (requireHere('dotenv') as typeof import('dotenv')).parse(readFileSync(path));
  return parsed[name]?.trim() || undefined;
}
