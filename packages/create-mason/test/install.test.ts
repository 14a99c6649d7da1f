// Real installs, by npm and by pnpm, of a project made with --local-packages: the Mason packages
// are small stand-ins packed here (no registry, no network: both package managers run offline),
// and @mason/cli requires @mason/vm by a registry range that only the overrides can satisfy.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MASON_PACKAGES, MASON_VERSION } from '../src/catalog.js';
import { scaffold, type PackageManager } from '../src/index.js';

const repoBin = fileURLToPath(new URL('../../../node_modules/.bin', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'create-mason-install-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Offline, with caches and stores in the test's folder; pnpm is the repository's own. */
const envFor = (pm: PackageManager): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${repoBin}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  npm_config_offline: 'true',
  npm_config_update_notifier: 'false',
  ...(pm === 'npm' ? { npm_config_cache: join(work, 'npm-cache') } : { npm_config_store_dir: join(work, 'pnpm-store') }),
});

/** Packs a stand-in of every Mason package: each exports its name; the CLI re-exports the VM's. */
function packStandIns(): string {
  const packs = join(work, 'packs');
  mkdirSync(packs, { recursive: true });
  for (const name of MASON_PACKAGES) {
    const dir = join(work, 'sources', name);
    mkdirSync(dir, { recursive: true });
    const dependencies = name === '@mason/cli' ? { '@mason/vm': `^${MASON_VERSION}` } : {};
    const manifest = { name, version: MASON_VERSION, type: 'module', exports: './index.js', dependencies };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    writeFileSync(
      join(dir, 'index.js'),
      name === '@mason/cli' ? "export { name as vm } from '@mason/vm';\nexport const name = '@mason/cli';\n" : `export const name = '${name} (local)';\n`,
    );
    const packed = spawnSync('npm', ['pack', '--pack-destination', packs], { cwd: dir, env: envFor('npm'), encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
  }
  return packs;
}

/** A template that depends on the CLI only: the VM arrives through it. */
function standInTemplate(): string {
  const dir = join(work, 'templates', 'minimal');
  mkdirSync(join(dir, 'test'), { recursive: true });
  const manifest = { name: 'mason-template-minimal', private: true, type: 'module', devDependencies: { '@mason/cli': 'workspace:*' } };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'check.mjs'), "import { vm } from '@mason/cli';\nconsole.log(vm);\n");
  return join(work, 'templates');
}

describe('installing a project made from local packages', () => {
  const packs = packStandIns();
  const templatesDir = standInTemplate();

  for (const pm of ['npm', 'pnpm'] as PackageManager[]) {
    it(`${pm} installs the tarballs of .mason-packages/, transitive ones through the overrides`, () => {
      const dir = join(work, `project-${pm}`);
      const result = scaffold({ dir, template: 'minimal', templatesDir, packageManager: pm, localPackages: packs, env: envFor(pm) });
      expect(result.installed).toBe(true);
      // The packs folder may go away: the project depends only on its own copy.
      const check = spawnSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8' });
      expect(check.stderr).toBe('');
      expect(check.stdout.trim()).toBe('@mason/vm (local)');
      const lockfile = readFileSync(join(dir, pm === 'npm' ? 'package-lock.json' : 'pnpm-lock.yaml'), 'utf8');
      expect(lockfile).toContain('.mason-packages/mason-vm-0.1.0.tgz');
      expect(lockfile).not.toContain(work);
    });
  }
});
