import { spawnSync } from 'node:child_process';
import { delimiter } from 'node:path';
import { ScaffoldError } from './errors.js';

export type PackageManager = 'npm' | 'pnpm';

const HOW_TO_INSTALL: Record<PackageManager, string> = {
  npm: 'it comes with Node.js: https://nodejs.org',
  pnpm: '`npm install --global pnpm`, or `corepack enable pnpm`; see https://pnpm.io/installation',
};

/** How to get a package manager, for a message that says it is missing. */
export const howToInstall = (pm: PackageManager): string => HOW_TO_INSTALL[pm];

const shell = process.platform === 'win32';

function runs(pm: PackageManager, env: NodeJS.ProcessEnv): boolean {
  const probe = spawnSync(pm, ['--version'], { encoding: 'utf8', shell, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return !probe.error && probe.status === 0;
}

/** Refuses, before anything is written, a package manager that cannot run here. */
export function assertPackageManager(pm: PackageManager, env: NodeJS.ProcessEnv = process.env): void {
  if (!runs(pm, env)) throw new ScaffoldError('MASON_CREATE_PM_NOT_FOUND', { pm, install: HOW_TO_INSTALL[pm] });
}

/**
 * Whether `pm` runs in the user's own shell, where the next steps are typed. npm, pnpm and npx put
 * `node_modules/.bin` folders (and npm its node-gyp-bin) on the PATH of what they run: inside
 * `npm run create` of a Mason clone, `pnpm` is the clone's own, which the shell does not have.
 */
export function runsInShell(pm: PackageManager, env: NodeJS.ProcessEnv = process.env): boolean {
  const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH';
  const path = (env[key] ?? '')
    .split(delimiter)
    .filter((entry) => !/node_modules[\\/]\.bin[\\/]?$|node-gyp-bin[\\/]?$/.test(entry))
    .join(delimiter);
  return runs(pm, { ...env, [key]: path });
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
