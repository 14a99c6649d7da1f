// What must hold before Mason's packages go to the registry. Each check returns a list of
// problems (empty when all is well), so a release reports everything wrong at once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** The one repository URL of the project: package metadata and error links point here. */
export const REPOSITORY = 'https://github.com/mason-dev/mason';

const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
const isLocalRange = (range) => range.startsWith('workspace:') || range.startsWith('catalog:');

/**
 * Package metadata: one version for all (released together), internal dependencies by
 * `workspace:` ranges, repository, README, `files`, public access for scoped names, and the
 * version create-mason puts in new projects.
 * `packages`: `{ name, version, folder, dir, manifest }`; `createMasonVersion`: MASON_VERSION.
 */
export function checkManifests(packages, { createMasonVersion }) {
  const problems = [];
  const names = new Set(packages.map((p) => p.name));
  const version = packages[0]?.version;
  for (const { name, folder, dir, manifest } of packages) {
    const where = `packages/${folder}/package.json`;
    if (!SEMVER.test(manifest.version ?? '')) problems.push(`${where}: version "${manifest.version}" is not a semver version`);
    else if (manifest.version !== version)
      problems.push(`${where}: ${name} is at ${manifest.version}, the others at ${version}: Mason's packages are released together with one version`);
    for (const field of DEPENDENCY_FIELDS) {
      for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
        if (names.has(dep) && !range.startsWith('workspace:'))
          problems.push(
            `${where}: ${field}.${dep} is "${range}"; depend on Mason's own packages with "workspace:*" so the published range is the released version`,
          );
        if (range.startsWith('workspace:') && !names.has(dep))
          problems.push(`${where}: ${field}.${dep} is a workspace package that is not published (private or missing)`);
      }
    }
    const repository = manifest.repository ?? {};
    if (repository.url !== `git+${REPOSITORY}.git`) problems.push(`${where}: repository.url must be "git+${REPOSITORY}.git"`);
    if (repository.directory !== `packages/${folder}`) problems.push(`${where}: repository.directory must be "packages/${folder}"`);
    if (!manifest.license) problems.push(`${where}: no license`);
    if (!Array.isArray(manifest.files) || manifest.files.length === 0) problems.push(`${where}: no "files" list (what the package ships)`);
    if (name.startsWith('@') && manifest.publishConfig?.access !== 'public')
      problems.push(`${where}: a scoped package needs "publishConfig": { "access": "public" }`);
    const readme = join(dir, 'README.md');
    if (!existsSync(readme) || readFileSync(readme, 'utf8').trim() === '')
      problems.push(`packages/${folder}/README.md is missing or empty (it is the package's page on the registry)`);
  }
  if (version && createMasonVersion !== version)
    problems.push(
      `packages/create-mason/src/catalog.ts: MASON_VERSION is ${createMasonVersion}, the packages are at ${version}: new projects would depend on the wrong version`,
    );
  return problems;
}

/** The packages, each after every Mason package it depends on (dev dependencies aside). */
export function publishOrder(packages) {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const ordered = [];
  const state = new Map();
  const visit = (pkg, path) => {
    if (state.get(pkg.name) === 'done') return;
    if (state.get(pkg.name) === 'visiting') throw new Error(`dependency cycle: ${[...path, pkg.name].join(' → ')}`);
    state.set(pkg.name, 'visiting');
    const deps = DEPENDENCY_FIELDS.flatMap((field) => Object.keys(pkg.manifest[field] ?? {})).filter((dep) => byName.has(dep));
    for (const dep of [...new Set(deps)].sort()) visit(byName.get(dep), [...path, pkg.name]);
    state.set(pkg.name, 'done');
    ordered.push(pkg);
  };
  for (const pkg of [...packages].sort((a, b) => a.name.localeCompare(b.name))) visit(pkg, []);
  return ordered;
}

/** Every file under `dir`, as `a/b.js` paths. */
function listFiles(dir, prefix = '') {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(path).isDirectory() ? listFiles(path, rel) : [rel];
  });
}

/** Paths a manifest promises (main, types, bin, exports): wildcard patterns aside. */
function promisedPaths(manifest) {
  const paths = [];
  const collect = (value) => {
    if (typeof value === 'string') paths.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(manifest.main);
  collect(manifest.types);
  collect(manifest.bin);
  collect(manifest.exports);
  return [...new Set(paths.filter((p) => !p.includes('*')).map((p) => posix.normalize(p)))];
}

/**
 * An unpacked tarball (`dir` holds what `package/` held): its manifest has no workspace: or
 * catalog: range left, it has a README, every path its manifest promises, every file its code
 * loads by `new URL('<literal path>', import.meta.url)`, and for create-mason every template and
 * no template output.
 */
export function checkPackedPackage(name, dir, { templates = [] } = {}) {
  const problems = [];
  const files = new Set(listFiles(dir));
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const field of [...DEPENDENCY_FIELDS, 'devDependencies']) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (isLocalRange(range)) problems.push(`${name}: the packed package.json still has ${field}.${dep} "${range}"`);
    }
  }
  if (!files.has('README.md')) problems.push(`${name}: no README.md in the tarball`);
  for (const path of promisedPaths(manifest)) {
    if (!files.has(path)) problems.push(`${name}: package.json points to ${path}, which is not in the tarball (build first, or add it to "files")`);
  }
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g)) {
      const target = posix.normalize(posix.join(posix.dirname(file), match[2]));
      if (target.startsWith('..')) problems.push(`${name}: ${file} loads ${match[2]}, outside the package`);
      else if (!/\/$|^\.$/.test(target) && !files.has(target) && ![...files].some((f) => f.startsWith(`${target}/`))) {
        problems.push(`${name}: ${file} loads ${target} at run time, which is not in the tarball (add it to "files")`);
      }
    }
  }
  for (const template of templates) {
    if (!files.has(`templates/${template}/package.json`)) problems.push(`${name}: template ${template} is not in the tarball`);
  }
  for (const file of files) {
    if (/^templates\/[^/]+\/(build|deployments|node_modules|\.mason)\/|^templates\/[^/]+\/\.env$/.test(file))
      problems.push(`${name}: ships ${file}, an output or a secret of a template`);
  }
  return problems;
}
