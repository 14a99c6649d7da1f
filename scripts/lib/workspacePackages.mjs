// The publishable packages of this checkout (packages/*, not private) and how to pack them as the
// registry would get them: workspace: and catalog: ranges resolved by pnpm, create-mason with a
// copy of templates/.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
const pnpm = join(root, 'node_modules', '.bin', 'pnpm');

/** What never ships from a template or a package folder: outputs, installs, records, secrets. */
const NOT_SHIPPED = /(^|\/)(node_modules|build|\.mason|deployments|\.turbo|\.env)(\/|$)/;

/** `{ name, version, folder, dir, manifest }` of every package under packages/ that is not private. */
export function publicPackages() {
  return readdirSync(join(root, 'packages'))
    .sort()
    .filter((folder) => existsSync(join(root, 'packages', folder, 'package.json')))
    .map((folder) => {
      const dir = join(root, 'packages', folder);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { name: manifest.name, version: manifest.version, folder, dir, manifest };
    })
    .filter(({ manifest }) => !manifest.private);
}

/** Packs `packages` into `outDir` (emptied first); returns `{ name, tarball }` for each, in order. */
export function packPackages(packages, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  return packages.map((pkg) => ({ name: pkg.name, tarball: pkg.name === 'create-mason' ? packCreateMason(pkg, outDir) : pnpmPack(pkg, outDir) }));
}

function pnpmPack({ name, dir }, outDir) {
  const result = spawnSync(pnpm, ['pack', '--pack-destination', outDir], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`packing ${name} failed (pnpm pack in ${dir}, exit code ${result.status})`);
  }
  const tarball = result.stdout.trim().split('\n').pop().trim();
  return isAbsolute(tarball) ? tarball : join(outDir, tarball);
}

/** A `workspace:` range as pnpm publishes it: `*` → the version, `^`/`~` → that range of it. */
function publishedRange(range, version) {
  const spec = range.slice('workspace:'.length);
  return spec === '*' ? version : spec === '^' || spec === '~' ? `${spec}${version}` : spec;
}

/**
 * create-mason ships the templates. They are copied into a staged copy of the package (never into
 * packages/create-mason itself, where a running create-mason would find a half-copied folder),
 * which npm packs: its workspace: ranges (of packages published with it) are rewritten as pnpm
 * would, and it has no catalog: ranges, which only pnpm could resolve.
 */
function packCreateMason({ name, dir, manifest }, outDir) {
  const versions = new Map(publicPackages().map((p) => [p.name, p.version]));
  const internal = Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies }).filter(
    ([dep, range]) => (range.startsWith('workspace:') && !versions.has(dep)) || range.startsWith('catalog:'),
  );
  if (internal.length > 0) {
    throw new Error(
      `${name} is packed from a staged copy, where ${internal.map(([dep, range]) => `${dep}@${range}`).join(', ')} cannot be resolved: give it a plain version range`,
    );
  }
  const stage = mkdtempSync(join(tmpdir(), 'create-mason-stage-'));
  try {
    cpSync(dir, stage, { recursive: true, filter: (src) => !NOT_SHIPPED.test(relative(dir, src)) && relative(dir, src) !== 'templates' });
    const templates = join(root, 'templates');
    cpSync(templates, join(stage, 'templates'), { recursive: true, filter: (src) => !NOT_SHIPPED.test(relative(templates, src)) });
    const staged = structuredClone(manifest);
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) {
      for (const [dep, range] of Object.entries(staged[field] ?? {})) {
        if (range.startsWith('workspace:')) staged[field][dep] = publishedRange(range, versions.get(dep));
      }
    }
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(staged, null, 2)}\n`);
    const result = spawnSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8', shell: process.platform === 'win32' });
    if (result.status !== 0) {
      console.error(result.stdout, result.stderr);
      throw new Error(`packing ${name} failed (npm pack of a staged copy, exit code ${result.status})`);
    }
    return join(outDir, JSON.parse(result.stdout)[0].filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
