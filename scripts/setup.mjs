// Makes a fresh clone runnable with nothing but Node >= 20 and npm:
// installs pnpm through npx when it is missing, then the workspace's dependencies.
// Skips everything when the installed tree already matches the lockfile and manifests.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const PNPM_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const stampFile = join(root, 'node_modules', '.mason-setup-stamp');

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`Mason needs Node.js >= 20 (this is ${process.version}). Install a newer Node and run again.`);
  process.exit(1);
}

function manifestHash() {
  const hash = createHash('sha256');
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'bench/package.json'];
  for (const group of ['packages', 'templates']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) files.push(join(group, name, 'package.json'));
  }
  for (const file of files) {
    const path = join(root, file);
    hash.update(file).update(existsSync(path) ? readFileSync(path) : '');
  }
  return hash.digest('hex');
}

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm', []];
  return ['npx', ['--yes', `pnpm@${PNPM_VERSION}`]];
}

const wanted = manifestHash();
if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) process.exit(0);

const [cmd, prefix] = pnpmCommand();
const frozen = existsSync(join(root, 'pnpm-lock.yaml')) && process.env.CI ? ['--frozen-lockfile'] : [];
console.log(`mason setup: installing dependencies with pnpm ${PNPM_VERSION}${cmd === 'npx' ? ' (through npx)' : ''}…`);
const result = spawnSync(cmd, [...prefix, 'install', ...frozen, '--config.confirmModulesPurge=false'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, npm_config_yes: 'true', COREPACK_ENABLE_STRICT: '0' },
});
if (result.status !== 0) {
  console.error('mason setup: dependency installation failed (see the output above).');
  process.exit(result.status ?? 1);
}
writeFileSync(stampFile, manifestHash());
