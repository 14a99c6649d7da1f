// `npm run create -- <dir>`, the README's first command (after the repository's install and
// build, which npm test has done): packs this checkout and scaffolds from it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MASON_PACKAGES } from '../packages/create-mason/src/catalog.js';
import { runProcess } from '../packages/test-utils/src/runProcess.js';

const script = fileURLToPath(new URL('./create.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mason-create-script-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const create = (args: string[], initCwd: string) =>
  runProcess(process.execPath, [script, ...args], { env: { ...process.env, INIT_CWD: initCwd, NO_COLOR: '1' } });

describe('npm run create', () => {
  it('without a folder, prints how to call it and packs nothing', async () => {
    const run = await create(['--template', 'token'], work);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('usage: npm run create -- <dir>');
    expect(run.stdout).not.toContain('packing');
  });

  it('refuses a taken folder or a bad option at once, before packing anything', async () => {
    const taken = join(work, 'taken');
    mkdirSync(taken);
    writeFileSync(join(taken, 'keep.txt'), 'mine');
    const run = await create(['taken', '--no-install'], work);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('already exists and is not empty');
    expect(run.stdout).not.toContain('packing');
    const badPm = await create(['fresh', '--pm', 'yarn'], work);
    expect(badPm.status).not.toBe(0);
    expect(badPm.stderr).toContain("argument 'yarn' is invalid");
    expect(badPm.stdout).not.toContain('packing');
    expect(readdirSync(work)).not.toContain('fresh');
  });

  it('scaffolds <dir>, relative to where npm ran, on this checkout’s packages copied into the project', async () => {
    const from = join(work, 'where-npm-ran');
    mkdirSync(from);
    const run = await create(['../my-token', '--template', 'token', '--no-install'], from);
    expect(run.status, run.stderr).toBe(0);
    const project = join(work, 'my-token');
    const manifest = readFileSync(join(project, 'package.json'), 'utf8');
    expect(JSON.parse(manifest).devDependencies['@mason/testing']).toMatch(/^file:\.mason-packages\/mason-testing-\d+\.\d+\.\d+\.tgz$/);
    expect(manifest).not.toContain(work);
    expect(readdirSync(join(project, '.mason-packages'))).toHaveLength(MASON_PACKAGES.length);
    expect(readdirSync(join(project, 'assembly', 'contracts'))).toEqual(['token.ts']);
    expect(run.stdout).toContain('cd ../my-token');
  });
});
