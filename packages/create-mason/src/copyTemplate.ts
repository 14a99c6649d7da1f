import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What a template directory holds that a new project must not get. */
const SKIP = new Set(['node_modules', 'build', 'dist', '.turbo', '.mason', 'deployments', '.env', '.mason-test-results']);

/** npm strips .gitignore from published packages, so templates keep it as `gitignore`. */
const RENAME: Record<string, string> = { gitignore: '.gitignore' };

export function copyTemplate(from: string, to: string): string[] {
  const written: string[] = [];
  const walk = (src: string, dest: string) => {
    mkdirSync(dest, { recursive: true });
    for (const entry of readdirSync(src, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const target = join(dest, RENAME[entry.name] ?? entry.name);
      if (entry.isDirectory()) walk(join(src, entry.name), target);
      else {
        copyFileSync(join(src, entry.name), target);
        written.push(target);
      }
    }
  };
  walk(from, to);
  return written;
}
