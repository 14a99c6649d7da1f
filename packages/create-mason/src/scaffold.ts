import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { CATALOG, MASON_VERSION } from './catalog.js';
import { copyTemplate } from './copyTemplate.js';
import { ScaffoldError } from './errors.js';
import { localVersions, manifestPath, projectPackageJson, registryVersions } from './projectPackageJson.js';
import { availableTemplates, templatesDir } from './templatesDir.js';

export interface ScaffoldOptions {
  dir: string;
  template?: string;
  packageManager?: 'npm' | 'pnpm';
  install?: boolean;
  git?: boolean;
  /** A directory of packed Mason tarballs to depend on instead of the registry (MASON_LOCAL_PACKAGES). */
  localPackages?: string | null;
  onStep?: (step: string) => void;
}

export interface ScaffoldResult {
  dir: string;
  name: string;
  template: string;
  files: string[];
  installed: boolean;
}

/** Creates a project from a template: files, a standalone package.json, then install and git init if asked. */
export function scaffold(options: ScaffoldOptions): ScaffoldResult {
  const dir = resolve(options.dir);
  const template = options.template ?? 'hello';
  const templates = templatesDir();
  if (!availableTemplates(templates).includes(template)) {
    throw new ScaffoldError('MASON_CREATE_UNKNOWN_TEMPLATE', { template, available: availableTemplates(templates).join(', ') });
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new ScaffoldError('MASON_CREATE_DIR_NOT_EMPTY', { dir });

  const name = basename(dir).toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
  const plan = options.localPackages ? localVersions(options.localPackages, CATALOG) : registryVersions(MASON_VERSION, CATALOG);
  // Resolve versions before writing anything, so a bad local-packages dir leaves no half project.
  const manifest = projectPackageJson(JSON.parse(readFileSync(join(templates, template, 'package.json'), 'utf8')), name, plan);
  options.onStep?.(`creating ${name} from the ${template} template`);
  const files = copyTemplate(join(templates, template), dir);
  writeFileSync(manifestPath(dir), JSON.stringify(manifest, null, 2) + '\n');

  if (options.git) run('git', ['init', '--quiet'], dir, options);
  let installed = false;
  if (options.install !== false) {
    const pm = options.packageManager ?? 'npm';
    options.onStep?.(`installing dependencies with ${pm}`);
    run(pm, ['install', ...(pm === 'npm' ? ['--no-audit', '--no-fund'] : [])], dir, options);
    installed = true;
  }
  return { dir, name, template, files, installed };
}

function run(command: string, args: string[], cwd: string, options: ScaffoldOptions): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    throw new ScaffoldError('MASON_CREATE_INSTALL_FAILED', { command: [command, ...args].join(' '), dir: cwd, code: result.status ?? 'signal' });
  }
  void options;
}
