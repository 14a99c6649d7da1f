import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findProjectRoot } from '../src/project.js';

const base = mkdtempSync(join(tmpdir(), 'mason-project-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function folder(path: string, packageJson?: unknown): string {
  const dir = join(base, path);
  mkdirSync(dir, { recursive: true });
  if (packageJson !== undefined) writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson));
  return dir;
}

describe('finding the project from where a command runs', () => {
  it('walks up to the nearest package.json that depends on @mason/*, past unrelated ones', () => {
    const app = folder('app', { name: 'app', devDependencies: { '@mason/cli': '^0.1.0' } });
    const deep = folder('app/assembly/contracts/deep');
    folder('app/tools', { name: 'tools', dependencies: { lodash: '1' } });
    const tools = folder('app/tools/bin');
    expect(findProjectRoot(app)).toBe(app);
    expect(findProjectRoot(deep)).toBe(app);
    expect(findProjectRoot(tools)).toBe(app);
  });

  it('a "mason" field marks a project too; so does a package.json beside assembly/ when nothing above uses Mason', () => {
    const configured = folder('configured', { name: 'c', mason: {} });
    expect(findProjectRoot(folder('configured/src'))).toBe(configured);
    const plain = folder('plain', { name: 'p', devDependencies: { '@massalabs/massa-as-sdk': '3' } });
    folder('plain/assembly/contracts');
    expect(findProjectRoot(join(plain, 'assembly/contracts'))).toBe(plain);
  });

  it('is null outside any project', () => {
    expect(findProjectRoot(folder('nowhere/at/all'))).toBeNull();
  });
});
