import { join } from 'node:path';
import { ScaffoldError } from './errors.js';
import { localRange, type LocalPackages } from './localPackages.js';

/** Versions of the workspace's own packages and pinned tools, as a generated project needs them. */
export interface VersionPlan {
  /** Mason's packages: a registry range, or a tarball inside the project when using local packages. */
  mason: (name: string) => string;
  /** The workspace catalog (assemblyscript is pinned to one 0.27.x for the whole toolchain). */
  catalog: Record<string, string>;
  /** Overrides, so local tarballs also replace Mason packages required by other Mason packages. */
  overrides: Record<string, string>;
}

type Manifest = Record<string, unknown> & {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

export function registryVersions(version: string, catalog: Record<string, string>): VersionPlan {
  return { mason: () => `^${version}`, catalog, overrides: {} };
}

/** Every Mason package from its tarball in the project's .mason-packages/ (relative `file:` ranges). */
export function localVersions(local: LocalPackages, catalog: Record<string, string>): VersionPlan {
  const ranges = new Map([...local.tarballs].map(([name, file]) => [name, localRange(file)]));
  const mason = (name: string) => {
    const range = ranges.get(name);
    if (!range) throw new ScaffoldError('MASON_CREATE_LOCAL_PACKAGES_MISSING', { dir: local.dir, names: name });
    return range;
  };
  return { mason, catalog, overrides: Object.fromEntries(ranges) };
}

/**
 * The template's package.json made into a standalone project's: its name, real versions, no
 * workspace links. Overrides are written twice: npm reads `overrides`, pnpm reads `pnpm.overrides`,
 * so the project installs with either.
 */
export function projectPackageJson(template: Manifest, name: string, plan: VersionPlan): Manifest {
  const resolveRange = (dep: string, range: string) => {
    if (range.startsWith('workspace:')) return plan.mason(dep);
    if (range === 'catalog:' || range.startsWith('catalog:')) return plan.catalog[dep] ?? range;
    return range;
  };
  const rewrite = (deps?: Record<string, string>) => deps && Object.fromEntries(Object.entries(deps).map(([dep, range]) => [dep, resolveRange(dep, range)]));
  const project: Manifest = { ...template, name, version: '0.1.0', private: true };
  if (template.dependencies) project.dependencies = rewrite(template.dependencies);
  if (template.devDependencies) project.devDependencies = rewrite(template.devDependencies);
  if (Object.keys(plan.overrides).length > 0) {
    project.overrides = { ...plan.overrides };
    project.pnpm = { ...(template.pnpm as Record<string, unknown> | undefined), overrides: { ...plan.overrides } };
  }
  return project;
}

export const manifestPath = (dir: string): string => join(dir, 'package.json');
