import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ScaffoldError } from './errors.js';

/** Templates ship inside the package (templates/), or sit at the monorepo root when run from source. */
export function templatesDir(): string {
  const looked = ['../templates', '../../../templates'].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));
  for (const dir of looked) if (existsSync(dir)) return dir;
  throw new ScaffoldError('MASON_CREATE_TEMPLATES_MISSING', { looked: looked.join(', ') });
}

export function availableTemplates(dir = templatesDir()): string[] {
  return readdirSync(dir).filter((name) => statSync(`${dir}/${name}`).isDirectory());
}
