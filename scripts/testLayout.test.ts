import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

function testFilesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFilesUnder(path));
    else if (entry.name.endsWith('.test.ts')) found.push(relative(root, path));
  }
  return found;
}

describe('test layout', () => {
  it('keeps every package test in test/ beside src/ (vitest does not look in src/)', () => {
    const packages = readdirSync(join(root, 'packages'));
    const misplaced = packages.flatMap((name) => {
      try {
        return testFilesUnder(join(root, 'packages', name, 'src'));
      } catch {
        return [];
      }
    });
    expect(misplaced).toEqual([]);
  });
});
