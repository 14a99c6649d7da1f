import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ScaffoldError } from './errors.js';

/** Versions of the workspace's own packages and pinned tools, as a generated project needs them. */
export interface VersionPlan {
  /** Mason's packages: a registry range, or a tarball when using local packages. */
  mason: (name: string) => string;
  /** The workspace catalog (assemblyscript is pinned to one 0.27.x for the whole toolchain). */
  catalog: Record<string, string>;
  /** npm overrides, so local tarballs also replace Mason packages required by other Mason packages. */
  overrides: Record<string, string>;
}

type Manifest = Record<string, unknown> & {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

export function registryVersions(version: string, catalog: Record<string, string>): VersionPlan {
  return { mason: () => `^${version}`, catalog, overrides: {} };
}

/** Every tarball `pnpm pack` made in `dir` (mason-codec-0.1.0.tgz, create-mason-0.1.0.tgz, …). */
export function localVersions(dir: string, catalog: Record<string, string>): VersionPlan {
  const tarballs = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    const match = /^(mason-[a-z-]+?|create-mason)-\d+\.\d+\.\d+.*\.tgz$/.exec(file);
    if (match) tarballs.set(match[1] === 'create-mason' ? 'create-mason' : `@mason/${match[1]!.slice('mason-'.length)}`, `file:${resolve(dir, file)}`);
  }
  const mason = (name: string) => {
    const tarball = tarballs.get(name);
    if (!tarball) throw new ScaffoldError('MASON_CREATE_LOCAL_PACKAGES_MISSING', { dir, name });
    return tarball;
  };
  const overrides = Object.fromEntries([...tarballs].filter(([name]) => name.startsWith('@mason/')));
  return { mason, catalog, overrides };
}

/** The template's package.json made into a standalone project's: its name, real versions, no workspace links. */
export function projectPackageJson(template: Manifest, name: string, plan: VersionPlan): Manifest {
  const resolveRange = (dep: string, range: string) => {
    if (range.startsWith('workspace:')) return plan.mason(dep);
    if (range === 'catalog:' || range.startsWith('catalog:')) return plan.catalog[dep] ?? range;
    return range;
  };
  const rewrite = (deps?: Record<string, string>) =>
    deps && Object.fromEntries(Object.entries(deps).map(([dep, range]) => [dep, resolveRange(dep, range)]));
  const project: Manifest = { ...template, name, version: '0.1.0', private: true };
  if (template.dependencies) project.dependencies = rewrite(template.dependencies);
  if (template.devDependencies) project.devDependencies = rewrite(template.devDependencies);
  if (Object.keys(plan.overrides).length > 0) project.overrides = { ...plan.overrides };
  return project;
}

export const manifestPath = (dir: string): string => join(dir, 'package.json');
