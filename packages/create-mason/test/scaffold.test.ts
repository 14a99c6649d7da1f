import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG } from '../src/catalog.js';
import { scaffold, ScaffoldError } from '../src/index.js';

const bin = fileURLToPath(new URL('../bin/create-mason.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'create-mason-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (path: string) => readFileSync(path, 'utf8');

describe('create-mason', () => {
  for (const template of ['hello', 'token']) {
    it(`scaffolds the ${template} template into a standalone project`, () => {
      const dir = join(work, `my-${template}`);
      const result = scaffold({ dir, template, install: false });
      expect(result.name).toBe(`my-${template}`);
      const manifest = JSON.parse(read(join(dir, 'package.json')));
      expect(manifest.name).toBe(`my-${template}`);
      expect(manifest.scripts).toMatchObject({ build: 'mason build', node: 'mason node' });
      expect(manifest.scripts.test).toContain('mason test');
      expect(manifest.scripts.deploy).toContain('mason deploy');
      const ranges = Object.values({ ...manifest.dependencies, ...manifest.devDependencies }) as string[];
      expect(ranges.some((r) => r.startsWith('workspace:') || r.startsWith('catalog:'))).toBe(false);
      expect(manifest.devDependencies['@mason/cli']).toBe('^0.1.0');
      expect(manifest.devDependencies.assemblyscript).toBe(CATALOG.assemblyscript);
      expect(read(join(dir, '.gitignore'))).toMatch(/^\.env$/m);
      expect(existsSync(join(dir, 'gitignore'))).toBe(false);
      expect(read(join(dir, '.env.example'))).toContain('PRIVATE_KEY=');
      expect(existsSync(join(dir, 'assembly', '__tests__'))).toBe(true);
      expect(existsSync(join(dir, 'test'))).toBe(true);
      for (const skipped of ['node_modules', 'build', 'deployments', '.mason']) expect(existsSync(join(dir, skipped))).toBe(false);
    });
  }

  it('pins the workspace catalog', () => {
    const workspace = read(fileURLToPath(new URL('../../../pnpm-workspace.yaml', import.meta.url)));
    expect(workspace).toContain(`assemblyscript: ${CATALOG.assemblyscript}`);
  });

  it('depends on packed local tarballs, transitive Mason packages included, when asked', () => {
    const packs = join(work, 'packs');
    mkdirSync(packs);
    for (const name of ['cli', 'client', 'codec', 'compiler', 'deployer', 'devnet', 'sdk', 'testing', 'vm']) writeFileSync(join(packs, `mason-${name}-0.1.0.tgz`), '');
    writeFileSync(join(packs, 'create-mason-0.1.0.tgz'), '');
    const dir = join(work, 'local');
    scaffold({ dir, install: false, localPackages: packs });
    const manifest = JSON.parse(read(join(dir, 'package.json')));
    expect(manifest.devDependencies['@mason/cli']).toBe(`file:${join(packs, 'mason-cli-0.1.0.tgz')}`);
    expect(manifest.overrides['@mason/vm']).toBe(`file:${join(packs, 'mason-vm-0.1.0.tgz')}`);
    expect(manifest.overrides['create-mason']).toBeUndefined();
  });

  it('refuses an incomplete local packages folder before writing anything', () => {
    const dir = join(work, 'incomplete');
    const empty = join(work, 'empty-packs');
    mkdirSync(empty);
    expect(() => scaffold({ dir, install: false, localPackages: empty })).toThrow(ScaffoldError);
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses an existing non-empty directory with exit code 1 and a clear message', () => {
    const dir = join(work, 'taken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    const run = spawnSync(process.execPath, [bin, dir, '--no-install'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('already exists and is not empty');
    expect(read(join(dir, 'keep.txt'))).toBe('mine');
  });

  it('refuses an unknown template', () => {
    const run = spawnSync(process.execPath, [bin, join(work, 'x'), '--template', 'nft', '--no-install'], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/nft/);
  });

  it('prints the next steps', () => {
    const run = spawnSync(process.execPath, [bin, join(work, 'steps'), '--no-install'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('npm install');
    expect(run.stdout).toContain('npm run deploy');
  });
});
