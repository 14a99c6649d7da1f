// Bundles the explorer page (plain TypeScript, no dependencies) into dist/explorer-page/, which the
// API port serves at /explorer: everything the browser loads comes from the devnet, no CDN.
// Type-checks the page with its own tsconfig (DOM types), separate from the node's.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
const outDir = join(here, '..', 'dist', 'explorer-page');
const rootDir = join(here, '..', '..', '..');

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile: join(outDir, 'explorer.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome111', 'firefox111', 'safari16.4'],
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of ['index.html', 'explorer.css']) copyFileSync(join(here, file), join(outDir, file));

const tsc = spawnSync(join(rootDir, 'node_modules', '.bin', 'tsc'), ['-p', join(here, 'tsconfig.json')], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('build failed: type errors in packages/devnet/explorer');
  process.exit(1);
}
