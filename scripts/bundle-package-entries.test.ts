import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The entries that bundle-package-entries.mjs writes into each package's dist/ (checked after the
// build that `npm test` runs first): a package's bundle holds its own modules only, so that every
// package is loaded once and its classes are the same wherever they come from; and each module's
// `import.meta.url` is anchored at its own file in dist/, so the files it locates are found.

const packagesDir = fileURLToPath(new URL('../packages/', import.meta.url));

interface BundledPackage {
  name: string;
  dir: string;
  outputs: string[];
  /** The src/ folders of the packages it inlines ("mason-bundle": { "inline" }), e.g. create-mason the codec. */
  inlined: string[];
}

/** The folder under packages/ of the workspace package `name`. */
const folderOf = (name: string) =>
  readdirSync(packagesDir).find((folder) => {
    const manifest = join(packagesDir, folder, 'package.json');
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === name;
  });

function bundledPackages(): BundledPackage[] {
  return readdirSync(packagesDir)
    .map((name) => ({ name, dir: join(packagesDir, name) }))
    .filter(({ dir }) => existsSync(join(dir, 'src')) && existsSync(join(dir, 'dist', 'index.js')))
    .map(({ name, dir }) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const entries: string[] = manifest['mason-bundle']?.entries ?? ['index'];
      const chunks = readdirSync(join(dir, 'dist')).filter((file) => /^chunk-[A-Z0-9]+\.js$/.test(file));
      const inlined = (manifest['mason-bundle']?.inline ?? []).map((dep: string) => join(packagesDir, folderOf(dep) ?? dep, 'src') + sep);
      return { name, dir, outputs: [...entries.map((entry) => `${entry}.js`), ...chunks], inlined };
    });
}

const packages = bundledPackages();

describe('package bundles', () => {
  it('exist for the built packages', () => {
    expect(packages.map((pkg) => pkg.name)).toEqual(expect.arrayContaining(['codec', 'client', 'devnet', 'vm', 'compiler', 'deployer', 'testing', 'cli']));
  });

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s: hold only the package’s own modules (and those it inlines)', (_, pkg) => {
    const allowed = [join(pkg.dir, 'src') + sep, ...pkg.inlined];
    for (const output of pkg.outputs) {
      const mapFile = join(pkg.dir, 'dist', `${output}.map`);
      const sources: string[] = JSON.parse(readFileSync(mapFile, 'utf8')).sources;
      const foreign = sources.map((source) => resolve(dirname(mapFile), source)).filter((source) => !allowed.some((dir) => source.startsWith(dir)));
      expect(foreign, `${pkg.name}/dist/${output}`).toEqual([]);
    }
  });

  it('create-mason inlines the codec, and nothing else, so that it installs alone', () => {
    expect(packages.find((pkg) => pkg.name === 'create-mason')?.inlined).toEqual([join(packagesDir, 'codec', 'src') + sep]);
    expect(packages.filter((pkg) => pkg.inlined.length > 0).map((pkg) => pkg.name)).toEqual(['create-mason']);
  });

  it.each(packages.map((pkg) => [pkg.name, pkg] as const))('%s: anchor import.meta.url at each module’s own file in dist/', (_, pkg) => {
    for (const output of pkg.outputs) {
      const code = readFileSync(join(pkg.dir, 'dist', output), 'utf8');
      const uses = code.split('import.meta.url').length - 1;
      const anchors = [...code.matchAll(/new URL\("(\.\/[^"]+\.js)", import\.meta\.url\)/g)].map((match) => match[1]!);
      expect(anchors.length, `${pkg.name}/dist/${output}: every import.meta.url is anchored`).toBe(uses);
      for (const anchor of anchors) expect(existsSync(join(pkg.dir, 'dist', anchor)), `${pkg.name}/dist/${anchor}`).toBe(true);
    }
  });
});
