import { spawnSync } from 'node:child_process';
import { ScaffoldError } from './errors.js';

export type PackageManager = 'npm' | 'pnpm';

const HOW_TO_INSTALL: Record<PackageManager, string> = {
  npm: 'it comes with Node.js: https://nodejs.org',
  pnpm: '`npm install --global pnpm`, or `corepack enable pnpm`; see https://pnpm.io/installation',
};

const shell = process.platform === 'win32';

/** Refuses, before anything is written, a package manager that cannot run here. */
export function assertPackageManager(pm: PackageManager, env: NodeJS.ProcessEnv = process.env): void {
  const probe = spawnSync(pm, ['--version'], { encoding: 'utf8', shell, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (probe.error || probe.status !== 0) throw new ScaffoldError('MASON_CREATE_PM_NOT_FOUND', { pm, install: HOW_TO_INSTALL[pm] });
}

/** The install command of a new project. */
export function installArgs(pm: PackageManager): string[] {
  return pm === 'npm' ? ['install', '--no-audit', '--no-fund'] : ['install'];
}

/** Runs a command in the project, its output shown; a failure is MASON_CREATE_INSTALL_FAILED. */
export function runIn(dir: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: dir, stdio: 'inherit', shell, env });
  if (result.error || result.status !== 0) {
    throw new ScaffoldError('MASON_CREATE_INSTALL_FAILED', {
      command: [command, ...args].join(' '),
      dir,
      code: result.status ?? result.error?.message ?? 'signal',
    });
  }
}
