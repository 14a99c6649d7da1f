// What users read — README.md, docs/, the templates' and packages' READMEs — names no file outside
// the repository: the maintainers' design notes and compatibility reference are not shipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function markdownUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const readmes = (group: string) =>
  readdirSync(join(root, group), { withFileTypes: true }).flatMap((entry) => {
    const path = join(group, entry.name, 'README.md');
    return entry.isDirectory() && readdirSync(join(root, group, entry.name)).includes('README.md') ? [path] : [];
  });

/** Names of what lives only outside the repository, and the way it was cited. */
const OUTSIDE = [/DESIGN\.md/, /massa-compat/, /\/work\//, /shared folder/i, /\breference §/, /§\s*\d+(\.\d+)* of the (Massa )?reference/];

describe('user documentation is self-contained', () => {
  const files = ['README.md', ...markdownUnder('docs'), ...readmes('templates'), ...readmes('packages')];

  it('covers the README, docs/ and the READMEs', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/cli.md', 'templates/hello/README.md']));
  });

  it('names no file outside the repository', () => {
    const found: string[] = [];
    for (const file of files) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const pattern of OUTSIDE) if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
