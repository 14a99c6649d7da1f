import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG, MASON_PACKAGES, MASON_VERSION } from '../src/catalog.js';
import { DOCS_URL, scaffold, ScaffoldError, scaffoldErrors, type ScaffoldErrorCode } from '../src/index.js';

const bin = fileURLToPath(new URL('../bin/create-mason.js', import.meta.url));
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'create-mason-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const read = (path: string) => readFileSync(path, 'utf8');
const readJson = (path: string) => JSON.parse(read(path));
const createMason = (args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: options.cwd ?? work, env: { ...process.env, NO_COLOR: '1', ...options.env } });

/** A folder with an (empty) tarball of every Mason package, named as `pnpm pack` names them. */
function fakePacks(name: string, extra: string[] = []): string {
  const dir = join(work, name);
  mkdirSync(dir);
  for (const pkg of MASON_PACKAGES) writeFileSync(join(dir, `mason-${pkg.slice('@mason/'.length)}-${MASON_VERSION}.tgz`), pkg);
  for (const file of ['create-mason-0.1.0.tgz', 'notes.txt', ...extra]) writeFileSync(join(dir, file), file);
  return dir;
}

function expectScaffoldError(run: () => unknown, code: ScaffoldErrorCode): ScaffoldError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ScaffoldError);
    expect((error as ScaffoldError).code).toBe(code);
    return error as ScaffoldError;
  }
  throw new Error(`expected ${code}, nothing was thrown`);
}

describe('create-mason', () => {
  for (const template of ['hello', 'token']) {
    it(`scaffolds the ${template} template into a standalone project`, () => {
      const dir = join(work, `my-${template}`);
      const result = scaffold({ dir, template, install: false });
      expect(result).toMatchObject({ name: `my-${template}`, installed: false, localPackages: false });
      const manifest = readJson(join(dir, 'package.json'));
      expect(manifest.name).toBe(`my-${template}`);
      expect(manifest.scripts).toMatchObject({ build: 'mason build', node: 'mason node', format: 'prettier --write .' });
      expect(manifest.scripts.test).toContain('mason test');
      expect(manifest.scripts.deploy).toContain('mason deploy');
      expect(manifest.scripts.clean).toContain("rmSync('build'");
      const ranges = Object.values({ ...manifest.dependencies, ...manifest.devDependencies }) as string[];
      expect(ranges.some((r) => r.startsWith('workspace:') || r.startsWith('catalog:'))).toBe(false);
      expect(manifest.devDependencies['@mason/cli']).toBe(`^${MASON_VERSION}`);
      expect(manifest.devDependencies.assemblyscript).toBe(CATALOG.assemblyscript);
      expect(manifest.overrides).toBeUndefined();
      expect(manifest.pnpm).toBeUndefined();
      expect(read(join(dir, '.gitignore'))).toMatch(/^\.env$/m);
      // mason test --coverage writes its reports there.
      expect(read(join(dir, '.gitignore'))).toMatch(/^coverage\/$/m);
      expect(existsSync(join(dir, 'gitignore'))).toBe(false);
      expect(read(join(dir, '.env.example'))).toContain('PRIVATE_KEY=');
      expect(read(join(dir, '.github', 'workflows', 'ci.yml'))).toMatch(/npm ci[\s\S]*npm test/);
      for (const file of ['assembly/tsconfig.json', 'assembly/__tests__/as-pect.d.ts', '.prettierrc.json', '.prettierignore', 'test']) {
        expect(existsSync(join(dir, file)), file).toBe(true);
      }
      for (const skipped of ['node_modules', 'build', 'deployments', '.mason', '.mason-packages']) expect(existsSync(join(dir, skipped))).toBe(false);
    });
  }

  it('pins the workspace catalog and lists every Mason package', () => {
    expect(read(join(repo, 'pnpm-workspace.yaml'))).toContain(`assemblyscript: ${CATALOG.assemblyscript}`);
    const libraries = readdirSync(join(repo, 'packages'))
      .map((folder) => readJson(join(repo, 'packages', folder, 'package.json')))
      .filter((manifest) => !manifest.private && manifest.name.startsWith('@mason/'));
    expect([...MASON_PACKAGES].sort()).toEqual(libraries.map((m) => m.name).sort());
    for (const manifest of libraries) expect(manifest.version, manifest.name).toBe(MASON_VERSION);
  });

  describe('local packages', () => {
    it('copies the tarballs into .mason-packages/ and depends on them by relative paths, for npm and pnpm', () => {
      const packs = fakePacks('packs');
      const dir = join(work, 'local');
      const result = scaffold({ dir, install: false, localPackages: packs });
      expect(result.localPackages).toBe(true);
      const manifest = readJson(join(dir, 'package.json'));
      expect(manifest.devDependencies['@mason/cli']).toBe('file:.mason-packages/mason-cli-0.1.0.tgz');
      expect(manifest.overrides['@mason/vm']).toBe('file:.mason-packages/mason-vm-0.1.0.tgz');
      expect(manifest.pnpm.overrides).toEqual(manifest.overrides);
      expect(Object.keys(manifest.overrides).sort()).toEqual([...MASON_PACKAGES].sort());
      expect(manifest.overrides['create-mason']).toBeUndefined();
      expect(readdirSync(join(dir, '.mason-packages')).sort()).toEqual(MASON_PACKAGES.map((p) => `mason-${p.slice(7)}-0.1.0.tgz`).sort());
      expect(read(join(dir, '.mason-packages', 'mason-vm-0.1.0.tgz'))).toBe('@mason/vm');
      expect(read(join(dir, 'package.json'))).not.toContain(work);
    });

    it('resolves a relative --local-packages against the current directory', () => {
      fakePacks('relative-packs');
      const run = createMason(['rel-project', '--no-install', '--local-packages', 'relative-packs'], { cwd: work });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(readJson(join(work, 'rel-project', 'package.json')).devDependencies['@mason/sdk']).toBe('file:.mason-packages/mason-sdk-0.1.0.tgz');
      expect(run.stdout).toContain('.mason-packages/');
    });

    it('takes MASON_LOCAL_PACKAGES relative to the current directory too', () => {
      fakePacks('env-packs');
      const run = createMason(['env-project', '--no-install'], { cwd: work, env: { MASON_LOCAL_PACKAGES: 'env-packs' } });
      expect(run.status).toBe(0);
      expect(existsSync(join(work, 'env-project', '.mason-packages', 'mason-cli-0.1.0.tgz'))).toBe(true);
    });

    it('refuses a folder that does not exist, with its absolute path, the error code and its docs', () => {
      const run = createMason(['never-made', '--no-install', '--local-packages', 'no/such/packs'], { cwd: work });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(join(work, 'no/such/packs'));
      expect(run.stderr).toContain('does not exist');
      expect(run.stderr).toContain('MASON_CREATE_LOCAL_PACKAGES_NOT_FOUND');
      expect(run.stderr).toContain(`${DOCS_URL}#mason_create_local_packages_not_found`);
      expect(existsSync(join(work, 'never-made'))).toBe(false);
    });

    it('refuses a file given as the folder', () => {
      writeFileSync(join(work, 'a-file.tgz'), '');
      expectScaffoldError(
        () => scaffold({ dir: join(work, 'x1'), install: false, localPackages: join(work, 'a-file.tgz') }),
        'MASON_CREATE_LOCAL_PACKAGES_NOT_FOUND',
      );
    });

    it('refuses a folder missing any Mason package, naming them, before writing anything', () => {
      const dir = join(work, 'incomplete');
      const empty = join(work, 'empty-packs');
      mkdirSync(empty);
      const error = expectScaffoldError(() => scaffold({ dir, install: false, localPackages: empty }), 'MASON_CREATE_LOCAL_PACKAGES_MISSING');
      expect(error.message).toContain('@mason/vm');
      const partial = fakePacks('partial-packs');
      rmSync(join(partial, 'mason-testing-0.1.0.tgz'));
      const missingOne = expectScaffoldError(() => scaffold({ dir, install: false, localPackages: partial }), 'MASON_CREATE_LOCAL_PACKAGES_MISSING');
      expect(missingOne.message).toContain('no tarball for @mason/testing.');
      expect(existsSync(dir)).toBe(false);
    });

    it('picks the expected version among several tarballs of a package, and refuses when none is', () => {
      const several = fakePacks('several-packs', ['mason-vm-0.0.9.tgz']);
      scaffold({ dir: join(work, 'picks'), install: false, localPackages: several });
      expect(readJson(join(work, 'picks', 'package.json')).overrides['@mason/vm']).toBe('file:.mason-packages/mason-vm-0.1.0.tgz');
      expect(readdirSync(join(work, 'picks', '.mason-packages'))).not.toContain('mason-vm-0.0.9.tgz');
      const ambiguous = fakePacks('ambiguous-packs', ['mason-vm-0.0.9.tgz', 'mason-vm-0.2.0.tgz']);
      rmSync(join(ambiguous, 'mason-vm-0.1.0.tgz'));
      const error = expectScaffoldError(
        () => scaffold({ dir: join(work, 'ambiguous'), install: false, localPackages: ambiguous }),
        'MASON_CREATE_LOCAL_PACKAGES_AMBIGUOUS',
      );
      expect(error.message).toContain('mason-vm-0.0.9.tgz, mason-vm-0.2.0.tgz');
      expect(existsSync(join(work, 'ambiguous'))).toBe(false);
    });
  });

  describe('package manager', () => {
    // A PATH holding only node: no npm, no pnpm.
    const onlyNode = join(work, 'only-node');
    mkdirSync(onlyNode);
    symlinkSync(process.execPath, join(onlyNode, 'node'));

    it('says pnpm is missing, what to do, and writes nothing', () => {
      const run = createMason(['no-pnpm', '--pm', 'pnpm'], { env: { PATH: onlyNode } });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('pnpm is not installed, or not on PATH');
      expect(run.stderr).toContain('npm install --global pnpm');
      expect(run.stderr).toContain('--pm npm');
      expect(run.stderr).toContain('MASON_CREATE_PM_NOT_FOUND');
      expect(run.stderr).toContain(`${DOCS_URL}#mason_create_pm_not_found`);
      expect(existsSync(join(work, 'no-pnpm'))).toBe(false);
    });

    it('does not need the package manager with --no-install', () => {
      const run = createMason(['no-pnpm-no-install', '--pm', 'pnpm', '--no-install'], { env: { PATH: onlyNode } });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('pnpm install');
      expect(run.stdout).toContain('pnpm run deploy');
    });

    it('prints next steps through npx when the package manager is not in the user’s shell', () => {
      // pnpm runs only from a node_modules/.bin folder, as inside `npm run create` of a Mason
      // clone: it installs the project, but the user's shell has no pnpm.
      const scriptBin = join(work, 'clone', 'node_modules', '.bin');
      mkdirSync(scriptBin, { recursive: true });
      writeFileSync(join(scriptBin, 'pnpm'), '#!/bin/sh\n[ "$1" = "--version" ] && echo 10.0.0\nexit 0\n', { mode: 0o755 });
      const run = createMason(['pnpm-from-script', '--pm', 'pnpm'], { env: { PATH: `${scriptBin}:${onlyNode}` } });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('pnpm is not on your PATH: the commands below run it through npx');
      expect(run.stdout).toContain('npm install --global pnpm');
      expect(run.stdout).toContain('  npx pnpm test');
      expect(run.stdout).toContain('  npx pnpm run deploy');
      expect(run.stdout).not.toContain('npx pnpm install');

      const noPnpm = createMason(['no-pnpm-steps', '--pm', 'pnpm', '--no-install'], { env: { PATH: onlyNode } });
      expect(noPnpm.stdout).toContain('  npx pnpm install');

      // In the shell's own PATH, pnpm is typed as is.
      const shellBin = join(work, 'shell-bin');
      mkdirSync(shellBin);
      writeFileSync(join(shellBin, 'pnpm'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
      const inShell = createMason(['pnpm-in-shell', '--pm', 'pnpm', '--no-install'], { env: { PATH: `${shellBin}:${onlyNode}` } });
      expect(inShell.stdout).not.toContain('npx');
      expect(inShell.stdout).toContain('  pnpm test');
    });

    it('reports a failed install with the command, and keeps the files', () => {
      const failing = join(work, 'failing-bin');
      mkdirSync(failing);
      writeFileSync(join(failing, 'npm'), '#!/bin/sh\n[ "$1" = "--version" ] && echo 10.0.0 && exit 0\necho "registry unreachable" >&2\nexit 7\n', {
        mode: 0o755,
      });
      const run = createMason(['install-fails'], { env: { PATH: `${failing}:${dirname(process.execPath)}` } });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('`npm install --no-audit --no-fund` failed');
      expect(run.stderr).toContain('exit code 7');
      expect(run.stderr).toContain('MASON_CREATE_INSTALL_FAILED');
      expect(existsSync(join(work, 'install-fails', 'package.json'))).toBe(true);
    });
  });

  it('initializes a git repository when asked', () => {
    const dir = join(work, 'with-git');
    scaffold({ dir, install: false, git: true });
    expect(existsSync(join(dir, '.git'))).toBe(true);
  });

  it('refuses an existing non-empty directory with exit code 1 and a clear message', () => {
    const dir = join(work, 'taken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    const run = createMason([dir, '--no-install']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('already exists and is not empty');
    expect(run.stderr).toContain(`${DOCS_URL}#mason_create_dir_not_empty`);
    expect(read(join(dir, 'keep.txt'))).toBe('mine');
  });

  it('refuses a file, a folder below a file and a folder the user cannot write to, before writing anything', () => {
    const file = join(work, 'a-file');
    writeFileSync(file, 'mine');
    const onFile = createMason([file, '--no-install']);
    expect(onFile.status).toBe(1);
    expect(onFile.stderr).toContain(`${file} is a file, not a folder`);
    expect(onFile.stderr).toContain('MASON_CREATE_DIR_NOT_A_FOLDER');
    expectScaffoldError(() => scaffold({ dir: join(file, 'app'), install: false }), 'MASON_CREATE_DIR_NOT_A_FOLDER');
    expect(read(file)).toBe('mine');

    // A folder its user may not write to. root writes anywhere: then the check runs as nobody.
    const shared = mkdtempSync(join(tmpdir(), 'create-mason-readonly-'));
    try {
      const readOnly = join(shared, 'read-only');
      mkdirSync(readOnly, { mode: 0o555 });
      chmodSync(shared, 0o755);
      const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      const run = spawnSync(process.execPath, [bin, join(readOnly, 'app'), '--no-install'], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        ...asUser,
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(`you cannot write to ${readOnly}`);
      expect(run.stderr).toContain('MASON_CREATE_DIR_NOT_WRITABLE');
      expect(readdirSync(readOnly)).toEqual([]);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  it('--dry-run checks everything and writes nothing', () => {
    const dir = join(work, 'dry');
    const run = createMason([dir, '--template', 'token', '--dry-run']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`dry can be created in ${dir} from the token template (nothing written)`);
    expect(existsSync(dir)).toBe(false);
    const taken = join(work, 'dry-taken');
    mkdirSync(taken);
    writeFileSync(join(taken, 'keep.txt'), 'mine');
    expect(createMason([taken, '--dry-run']).stderr).toContain('MASON_CREATE_DIR_NOT_EMPTY');
  });

  it('refuses an unknown template', () => {
    const run = createMason([join(work, 'x'), '--template', 'nft', '--no-install']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/nft/);
    expectScaffoldError(() => scaffold({ dir: join(work, 'x'), template: 'nft', install: false }), 'MASON_CREATE_UNKNOWN_TEMPLATE');
  });

  it('prints the next steps', () => {
    const run = createMason([join(work, 'steps'), '--no-install']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`cd ${join(work, 'steps')}`);
    expect(run.stdout).toContain('npm install');
    expect(run.stdout).toContain('npm run deploy');
  });

  it('documents every error code under its own heading in docs/create-mason.md', () => {
    const docs = read(join(repo, 'docs', 'create-mason.md'));
    for (const code of Object.keys(scaffoldErrors)) expect(docs, code).toContain(`### ${code.toLowerCase()}\n`);
    expect(DOCS_URL).toMatch(/^https:\/\/github\.com\/mason-dev\/mason\/blob\/main\/docs\/create-mason\.md$/);
  });
});
