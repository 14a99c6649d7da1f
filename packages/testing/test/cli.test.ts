import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBin, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// `mason test` as a user runs it (the built CLI, in the project folder).
let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('project', ['counter']);
});
afterAll(() => project.remove());

const mason = (...args: string[]) =>
  spawnSync(process.execPath, [cliBin, 'test', ...args], { cwd: project.root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('mason test', () => {
  it('exits 1 when a test fails, after the report and its summary line', () => {
    const run = mason();
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('  ✖ failures › a contract abort\n      only the owner can withdraw\n      at assembly/contracts/vault.ts:');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^✖ 23 passed, 6 failed \(7 spec files, \d+\.\d\d s\)$/);
    expect(run.stderr).toBe('');
  });

  it('exits 0 when the selected specs pass', () => {
    const run = mason('assembly/__tests__/storage.spec.ts', 'assembly/__tests__/reset.spec.ts', '--no-cache');
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^✔ 8 passed, 0 failed \(2 spec files, /);
  });

  it('says what to do when there is nothing to run', () => {
    const run = mason('assembly/nowhere/*.spec.ts');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no spec files match assembly/nowhere/*.spec.ts');
    expect(run.stderr).toContain('[MASON_TESTING_NO_SPECS]');
    const allowed = mason('assembly/nowhere/*.spec.ts', '--pass-with-no-tests');
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toContain('no spec files match assembly/nowhere/*.spec.ts');
  });

  it('refuses a --timeout that is not a whole number of milliseconds', () => {
    for (const value of ['abc', '0', '-5', '1.5']) {
      const run = mason('--timeout', value);
      expect(run.status, value).toBe(1);
      expect(run.stderr, value).toContain('give a whole number of milliseconds, e.g. --timeout 30000');
    }
  });
});
