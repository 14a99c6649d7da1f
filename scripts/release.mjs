// Publishes Mason's packages: checks versions and metadata, builds, packs each package as the
// registry will get it, checks the tarballs, then `npm publish`es them in dependency order.
//   npm run release -- --dry-run     everything but the publishing (no registry contacted)
// Options: --dry-run, --tag <dist-tag> (default latest), --out <dir> (default .mason/release),
// --skip-build (the packages are built already), --allow-dirty (publish from uncommitted changes).
// See docs/releasing.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkManifests, checkPackedPackage, publishOrder } from './lib/releaseChecks.mjs';
import { packPackages, publicPackages, root } from './lib/workspacePackages.mjs';

const shell = process.platform === 'win32';

function fail(title, problems = []) {
  console.error(`\nrelease: ${title}`);
  for (const problem of problems) console.error(`  ✘ ${problem}`);
  console.error('Nothing was published. See docs/releasing.md.');
  process.exit(1);
}

let options;
try {
  options = parseArgs({
    options: {
      'dry-run': { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
      'allow-dirty': { type: 'boolean', default: false },
      tag: { type: 'string', default: 'latest' },
      out: { type: 'string', default: join(root, '.mason', 'release') },
    },
  }).values;
} catch (error) {
  fail(error.message);
}
const dryRun = options['dry-run'];
const out = resolve(process.env.INIT_CWD || process.cwd(), options.out);

// 1. Versions and metadata.
const packages = publicPackages();
const createMasonVersion = packages.find((p) => p.name === 'create-mason')?.version;
const manifestProblems = checkManifests(packages, { createMasonVersion });
if (manifestProblems.length > 0) fail('the packages are not ready', manifestProblems);
let order;
try {
  order = publishOrder(packages);
} catch (error) {
  fail(error.message);
}
const version = order[0].version;
console.log(`release ${version}${dryRun ? ' (dry run: nothing will be published)' : ''}, tag ${options.tag}, in this order:`);
console.log(`  ${order.map((p) => p.name).join(' → ')}`);

// 2. Before anything is built: a clean tree, and versions the registry does not have yet.
if (!dryRun) {
  if (!options['allow-dirty']) {
    const status = spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
    if (status.status !== 0 || status.stdout.trim() !== '')
      fail(
        'the working tree has uncommitted changes (or is not a git checkout): commit them, or pass --allow-dirty',
        status.stdout.trim().split('\n').filter(Boolean),
      );
  }
  const published = [];
  for (const { name } of order) {
    const view = spawnSync('npm', ['view', `${name}@${version}`, 'version'], { encoding: 'utf8', shell });
    if (view.status === 0 && view.stdout.trim() !== '') published.push(`${name}@${version} is already on the registry: bump the version`);
    else if (view.status !== 0 && !/E404|404 Not Found/.test(view.stderr))
      fail(`could not ask the registry about ${name} (npm view failed)`, [view.stderr.trim()]);
  }
  if (published.length > 0) fail('some versions are already published', published);
}

// 3. Build.
if (!options['skip-build']) {
  console.log('\nbuilding…');
  const build = spawnSync(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) fail('the build failed (see above)');
}

// 4. Pack and check what each tarball holds.
console.log(`\npacking into ${out}…`);
const packed = packPackages(order, out);
const templates = readdirSync(join(root, 'templates')).filter((t) => !t.startsWith('.'));
const tarballProblems = [];
for (const { name, tarball } of packed) {
  const unpacked = mkdtempSync(join(tmpdir(), 'mason-release-'));
  try {
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked], { encoding: 'utf8' });
    if (untar.status !== 0) tarballProblems.push(`${name}: ${tarball} does not unpack: ${untar.stderr.trim()}`);
    else tarballProblems.push(...checkPackedPackage(name, join(unpacked, 'package'), { templates: name === 'create-mason' ? templates : [] }));
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}
if (tarballProblems.length > 0) fail('the tarballs are not right', tarballProblems);
console.log(`  ${packed.length} tarballs checked`);

// 5. Publish, dependencies first.
console.log(dryRun ? '\nwould publish:' : '\npublishing…');
const done = [];
for (const { name, tarball } of packed) {
  const args = ['publish', tarball, '--access', 'public', '--tag', options.tag];
  if (dryRun) {
    console.log(`  npm ${args.join(' ').replace(tarball, basename(tarball))}`);
    continue;
  }
  const publish = spawnSync('npm', args, { stdio: 'inherit', shell });
  if (publish.status !== 0) {
    const rest = packed.slice(done.length).map((p) => p.name);
    fail(`npm publish of ${name} failed (exit code ${publish.status})`, [
      `published: ${done.join(', ') || 'none'}`,
      `not published: ${rest.join(', ')} — fix the cause and publish these tarballs from ${out} in this order`,
    ]);
  }
  done.push(name);
  console.log(`  ✔ ${name}@${version}`);
}
console.log(dryRun ? `\ndry run done: ${packed.length} packages ready in ${out}` : `\nreleased ${version}: ${done.length} packages`);
