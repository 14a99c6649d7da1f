import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Templates ship inside the package (templates/), or sit at the monorepo root when run from source. */
export function templatesDir(): string {
  for (const relative of ['../templates', '../../../templates']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error('create-mason is installed without its templates');
}

export function availableTemplates(dir = templatesDir()): string[] {
  return readdirSync(dir).filter((name) => statSync(`${dir}/${name}`).isDirectory());
}
