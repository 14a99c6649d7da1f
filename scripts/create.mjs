// `npm run create -- <dir> [options]`: create-mason from this checkout, before Mason is on the
// registry. Packs this checkout's packages into .mason/packs, then scaffolds <dir> (relative to
// where npm was run) with --local-packages: the project gets a copy of the tarballs in its
// .mason-packages/ folder, so it installs anywhere (third-party dependencies still come from the
// registry).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { packPackages, publicPackages, root } from './lib/workspacePackages.mjs';

const args = process.argv.slice(2);
const wantsHelp = args.includes('--help') || args.includes('-h');
const dryRun = args.includes('--dry-run');
const TAKES_VALUE = new Set(['--template', '-t', '--pm', '--local-packages']);
const positional = args.filter((arg, i) => !arg.startsWith('-') && !TAKES_VALUE.has(args[i - 1]));
if (positional.length === 0 && !wantsHelp) {
  console.error('usage: npm run create -- <dir> [--template hello|token] [--pm npm|pnpm] [--no-install] [--git]');
  console.error('  e.g. npm run create -- ../my-app');
  console.error('  <dir> is relative to the folder you run npm in; see docs/create-mason.md');
  process.exit(1);
}

const cwd = process.env.INIT_CWD || process.cwd();
const bin = join(root, 'packages', 'create-mason', 'bin', 'create-mason.js');
const hasLocal = args.some((a) => a === '--local-packages' || a.startsWith('--local-packages='));
const extra = [];
if (!wantsHelp && !dryRun && !hasLocal) {
  // The folder, template and package manager are checked before the packing (tens of seconds),
  // which a refusal would waste.
  const check = spawnSync(process.execPath, [bin, ...args, '--dry-run'], { cwd, encoding: 'utf8' });
  if (check.status !== 0) {
    process.stdout.write(check.stdout);
    process.stderr.write(check.stderr);
    process.exit(check.status ?? 1);
  }
  const packs = join(root, '.mason', 'packs');
  console.log('• packing this checkout’s Mason packages…');
  packPackages(publicPackages(), packs);
  extra.push('--local-packages', packs);
}
const result = spawnSync(process.execPath, [bin, ...args, ...extra], { cwd, stdio: 'inherit' });
process.exit(result.status ?? 1);
