// The release script: its checks on hostile inputs, and whole runs with a stand-in `npm` on the
// PATH that records `view` and `publish` (and passes `pack` to the real npm), so nothing reaches
// the registry.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '../packages/test-utils/src/runProcess.js';
import { scaledTimeout } from '../packages/test-utils/src/testTimeout.js';
import { afterAll, describe, expect, it } from 'vitest';
import { MASON_VERSION } from '../packages/create-mason/src/catalog.js';
// @ts-expect-error: plain JavaScript modules of the repository's scripts
import { checkManifests, checkPackedPackage, publishOrder, REPOSITORY } from './lib/releaseChecks.mjs';
// @ts-expect-error: plain JavaScript modules of the repository's scripts
import { publicPackages } from './lib/workspacePackages.mjs';

type Pkg = { name: string; version: string; folder: string; dir: string; manifest: Record<string, any> };

const script = fileURLToPath(new URL('./release.mjs', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mason-release-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const packages = (): Pkg[] => publicPackages();
const names = (list: Pkg[]) => list.map((p) => p.name);
const edit = (list: Pkg[], name: string, change: (manifest: Record<string, any>) => void): Pkg[] =>
  list.map((p) => {
    if (p.name !== name) return p;
    const manifest = structuredClone(p.manifest);
    change(manifest);
    return { ...p, version: manifest.version, manifest };
  });

describe('release checks', () => {
  it('orders every package after the Mason packages it depends on', () => {
    const order = names(publishOrder(packages()));
    expect(order).toHaveLength(packages().length);
    for (const pkg of packages()) {
      for (const dep of Object.keys({ ...pkg.manifest.dependencies, ...pkg.manifest.peerDependencies })) {
        if (order.includes(dep)) expect(order.indexOf(dep), `${dep} before ${pkg.name}`).toBeLessThan(order.indexOf(pkg.name));
      }
    }
    expect(order[0]).toBe('@mason/codec');
  });

  it('refuses a dependency cycle, naming it', () => {
    const cyclic = edit(packages(), '@mason/codec', (m) => (m.dependencies['@mason/vm'] = 'workspace:*'));
    expect(() => publishOrder(cyclic)).toThrow(/dependency cycle: .*@mason\/codec → @mason\/vm → @mason\/codec/);
  });

  it('finds nothing wrong with the packages as they are', () => {
    expect(checkManifests(packages(), { createMasonVersion: MASON_VERSION })).toEqual([]);
  });

  it('reports every metadata problem at once', () => {
    let broken = edit(packages(), '@mason/vm', (m) => (m.version = '0.2.0'));
    broken = edit(broken, '@mason/cli', (m) => (m.dependencies['@mason/client'] = '^0.1.0'));
    broken = edit(broken, '@mason/sdk', (m) => (m.repository = { type: 'git', url: 'https://example.com/x.git' }));
    broken = edit(broken, '@mason/codec', (m) => delete m.publishConfig);
    broken = edit(broken, '@mason/client', (m) => delete m.files);
    broken = edit(broken, '@mason/devnet', (m) => (m.version = 'next'));
    broken = broken.map((p) => (p.name === '@mason/deployer' ? { ...p, dir: work } : p));
    const problems: string[] = checkManifests(broken, { createMasonVersion: '9.9.9' });
    const expected = [
      /packages\/vm\/package.json: @mason\/vm is at 0.2.0, the others at 0.1.0/,
      /packages\/cli\/package.json: dependencies.@mason\/client is "\^0.1.0"; depend on Mason's own packages with "workspace:\*"/,
      new RegExp(`packages/sdk/package.json: repository.url must be "git\\+${REPOSITORY}.git"`),
      /packages\/sdk\/package.json: repository.directory must be "packages\/sdk"/,
      /packages\/codec\/package.json: a scoped package needs "publishConfig"/,
      /packages\/client\/package.json: no "files" list/,
      /packages\/devnet\/package.json: version "next" is not a semver version/,
      /packages\/deployer\/README.md is missing or empty/,
      /MASON_VERSION is 9.9.9, the packages are at 0.1.0/,
    ];
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        String(pattern),
      ).toBe(true);
    expect(problems).toHaveLength(expected.length);
  });

  describe('a packed package', () => {
    function unpacked(files: Record<string, string>): string {
      const dir = mkdtempSync(join(work, 'unpacked-'));
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
      return dir;
    }
    const manifest = (extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        name: '@mason/x',
        version: '0.1.0',
        main: './dist/index.js',
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './assembly/*': './assembly/*' },
        ...extra,
      });

    it('passes when everything it promises and loads is there', () => {
      const dir = unpacked({
        'package.json': manifest({ dependencies: { '@mason/codec': '0.1.0' } }),
        'README.md': '# x',
        'dist/index.js': "const spec = new URL('../openrpc.json', import.meta.url);\nconst root = new URL('..', import.meta.url);\n",
        'dist/index.d.ts': '',
        'openrpc.json': '{}',
      });
      expect(checkPackedPackage('@mason/x', dir)).toEqual([]);
    });

    it('reports unresolved ranges, a missing README, promised and loaded files that are not there', () => {
      const dir = unpacked({
        'package.json': manifest({ dependencies: { '@mason/codec': 'workspace:*' }, devDependencies: { assemblyscript: 'catalog:' } }),
        'dist/index.js': "readFileSync(new URL('../openrpc.json', import.meta.url));\nnew URL('../../secret', import.meta.url);\n",
      });
      const problems: string[] = checkPackedPackage('@mason/x', dir);
      expect(problems).toEqual([
        '@mason/x: the packed package.json still has dependencies.@mason/codec "workspace:*"',
        '@mason/x: the packed package.json still has devDependencies.assemblyscript "catalog:"',
        '@mason/x: no README.md in the tarball',
        '@mason/x: package.json points to dist/index.d.ts, which is not in the tarball (build first, or add it to "files")',
        '@mason/x: dist/index.js loads openrpc.json at run time, which is not in the tarball (add it to "files")',
        '@mason/x: dist/index.js loads ../../secret, outside the package',
      ]);
    });

    it('reports a missing template and template outputs or secrets shipped', () => {
      const dir = unpacked({
        'package.json': JSON.stringify({ name: 'create-mason', version: '0.1.0', bin: { 'create-mason': './bin/create-mason.js' } }),
        'README.md': '# create-mason',
        'bin/create-mason.js': '',
        'templates/hello/package.json': '{}',
        'templates/hello/build/main.wasm': '',
        'templates/hello/deployments/local.json': '{}',
        'templates/hello/.env': 'PRIVATE_KEY=S1…',
      });
      const problems: string[] = checkPackedPackage('create-mason', dir, { templates: ['hello', 'token'] });
      expect(problems.sort()).toEqual(
        [
          'create-mason: template token is not in the tarball',
          'create-mason: ships templates/hello/build/main.wasm, an output or a secret of a template',
          'create-mason: ships templates/hello/deployments/local.json, an output or a secret of a template',
          'create-mason: ships templates/hello/.env, an output or a secret of a template',
        ].sort(),
      );
    });
  });
});

describe('npm run release', () => {
  const realNpm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  const bin = join(work, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'npm'),
    [
      '#!/bin/sh',
      'case "$1" in',
      '  view) echo "view $2" >> "$NPM_LOG"; if [ -n "$ALREADY_PUBLISHED" ]; then echo 0.1.0; exit 0; fi; echo "npm error code E404" >&2; exit 1;;',
      '  publish) echo "$*" >> "$NPM_LOG"; if [ -n "$FAIL_ON" ] && echo "$2" | grep -q "$FAIL_ON"; then echo "npm error 403 Forbidden" >&2; exit 1; fi; exit 0;;',
      `  *) exec "${realNpm}" "$@";;`,
      'esac',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const release = async (args: string[], env: Record<string, string> = {}) => {
    const log = join(work, `npm-${Math.random().toString(36).slice(2)}.log`);
    const run = await runProcess(process.execPath, [script, '--skip-build', ...args], {
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NPM_LOG: log, ...env },
    });
    return { ...run, log: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [] };
  };
  const order = names(publishOrder(packages()));

  it('--dry-run checks, packs and lists the publishing without contacting the registry', async () => {
    const out = join(work, 'dry');
    const run = await release(['--dry-run', '--out', out]);
    expect(run.stderr.replace(/npm warn .*\n/g, '')).toBe('');
    expect(run.status).toBe(0);
    expect(run.log).toEqual([]);
    expect(run.stdout).toContain(`  ${order.join(' → ')}`);
    expect(run.stdout).toContain(`${order.length} tarballs checked`);
    const planned = [...run.stdout.matchAll(/^ {2}npm publish (\S+) --access public --tag latest$/gm)].map((m) => m[1]);
    expect(planned).toHaveLength(order.length);
    expect(readdirSync(out).sort()).toEqual([...planned].sort());
  });

  it(
    'publishes in dependency order and, when one fails, says what is published and what is not',
    async () => {
      const out = join(work, 'real');
      const run = await release(['--allow-dirty', '--tag', 'next', '--out', out], { FAIL_ON: 'mason-testing' });
      expect(run.status).toBe(1);
      expect(run.log.filter((l) => l.startsWith('view'))).toEqual(order.map((name) => `view ${name}@${MASON_VERSION}`));
      const published = run.log.filter((l) => l.startsWith('publish'));
      const failedAt = order.indexOf('@mason/testing');
      expect(published).toHaveLength(failedAt + 1);
      for (const [i, line] of published.entries())
        expect(line).toMatch(new RegExp(`^publish ${out}/\\S*${order[i]!.replace('@mason/', 'mason-')}-${MASON_VERSION}\\.tgz --access public --tag next$`));
      expect(run.stderr).toContain('npm publish of @mason/testing failed');
      expect(run.stderr).toContain(`published: ${order.slice(0, failedAt).join(', ')}`);
      expect(run.stderr).toContain(`not published: ${order.slice(failedAt).join(', ')}`);
    },
    scaledTimeout(120_000),
  ); // builds and packs every package

  it('refuses versions already on the registry before building or packing anything', async () => {
    const out = join(work, 'already');
    const run = await release(['--allow-dirty', '--out', out], { ALREADY_PUBLISHED: '1' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`@mason/codec@${MASON_VERSION} is already on the registry: bump the version`);
    expect(run.stderr).toContain('Nothing was published');
    expect(run.log.some((l) => l.startsWith('publish'))).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses an unknown option', async () => {
    const run = await release(['--dry-rn']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Unknown option '--dry-rn'");
  });
});
