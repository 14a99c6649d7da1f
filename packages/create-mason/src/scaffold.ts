import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { CATALOG, MASON_VERSION } from './catalog.js';
import { checkProjectDir } from './checkProjectDir.js';
import { copyTemplate } from './copyTemplate.js';
import { ScaffoldError } from './errors.js';
import { copyLocalPackages, findLocalPackages } from './localPackages.js';
import { assertPackageManager, installArgs, runIn, type PackageManager } from './packageManager.js';
import { localVersions, manifestPath, projectPackageJson, registryVersions } from './projectPackageJson.js';
import { availableTemplates, templatesDir as defaultTemplatesDir } from './templatesDir.js';

export interface ScaffoldOptions {
  /** The new project's folder, relative to `cwd`. */
  dir: string;
  template?: string;
  packageManager?: PackageManager;
  install?: boolean;
  git?: boolean;
  /**
   * A folder of packed Mason tarballs (relative to `cwd`) to depend on instead of the registry
   * (MASON_LOCAL_PACKAGES). They are copied into the project's `.mason-packages/`.
   */
  localPackages?: string | null;
  /** Where relative paths start (default: the current directory). */
  cwd?: string;
  /** A folder of templates to pick from (default: the ones create-mason ships). */
  templatesDir?: string;
  /** The environment of the package manager and git (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Only the checks: the folder, template, local packages and package manager; nothing is written. */
  dryRun?: boolean;
  onStep?: (step: string) => void;
}

export interface ScaffoldResult {
  dir: string;
  name: string;
  template: string;
  files: string[];
  installed: boolean;
  /** Whether Mason's packages come from tarballs in `.mason-packages/` rather than the registry. */
  localPackages: boolean;
  /** Nothing was written (`dryRun`): the project can be created. */
  dryRun: boolean;
}

/**
 * Creates a project from a template: files, a standalone package.json, then install and git init
 * if asked. Everything that can be refused (template, folder, local packages, package manager) is
 * checked before the first file is written.
 */
export function scaffold(options: ScaffoldOptions): ScaffoldResult {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const dir = resolve(cwd, options.dir);
  const template = options.template ?? 'hello';
  const templates = options.templatesDir ? resolve(cwd, options.templatesDir) : defaultTemplatesDir();
  const available = availableTemplates(templates);
  if (!available.includes(template)) throw new ScaffoldError('MASON_CREATE_UNKNOWN_TEMPLATE', { template, available: available.join(', ') });
  checkProjectDir(dir);

  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-');
  const local = options.localPackages ? findLocalPackages(options.localPackages, cwd) : null;
  const plan = local ? localVersions(local, CATALOG) : registryVersions(MASON_VERSION, CATALOG);
  const manifest = projectPackageJson(JSON.parse(readFileSync(join(templates, template, 'package.json'), 'utf8')), name, plan);
  const pm = options.packageManager ?? 'npm';
  const install = options.install !== false;
  if (install) assertPackageManager(pm, env);
  if (options.dryRun) return { dir, name, template, files: [], installed: false, localPackages: local !== null, dryRun: true };

  options.onStep?.(`creating ${name} from the ${template} template`);
  const files = copyTemplate(join(templates, template), dir);
  if (local) {
    options.onStep?.(`copying Mason's packages from ${local.dir} into .mason-packages/`);
    files.push(...copyLocalPackages(local, dir));
  }
  writeFileSync(manifestPath(dir), JSON.stringify(manifest, null, 2) + '\n');

  if (options.git) runIn(dir, 'git', ['init', '--quiet'], env);
  if (install) {
    options.onStep?.(`installing dependencies with ${pm}`);
    runIn(dir, pm, installArgs(pm), env);
  }
  return { dir, name, template, files, installed: install, localPackages: local !== null, dryRun: false };
}
