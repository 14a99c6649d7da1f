// Bundles dist/aspectRuntime.js (as-pect's TestContext and Snapshot) with what it imports into
// that one file: Node then reads one module instead of ~280 (chevrotain and lodash, through
// as-pect's snapshot parser). The licenses of the bundled packages are written beside it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const dist = new URL('../dist/', import.meta.url).pathname;
const file = join(dist, 'aspectRuntime.js');
const result = await build({
  entryPoints: [file],
  outfile: file,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  legalComments: 'eof',
  logLevel: 'warning',
  // CommonJS modules in the bundle require Node's built-ins: an ES module has no `require` to give them.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
});

/** The folder of the package a bundled file belongs to (the nearest one with a package.json). */
function packageDirOf(path) {
  let dir = dirname(path);
  while (!existsSync(join(dir, 'package.json'))) {
    if (dirname(dir) === dir) throw new Error(`no package.json above ${path}: cannot name its license`);
    dir = dirname(dir);
  }
  return dir;
}

const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const dir = packageDirOf(join(process.cwd(), input));
  if (dir === process.cwd()) continue;
  const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const licenseFile = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)(\.|$)/i.test(entry));
  packages.set(
    name,
    `${name} ${version} (${license ?? 'see its license'})\n\n${licenseFile ? readFileSync(join(dir, licenseFile), 'utf8').trim() : '(no license file in the package)'}`,
  );
}
writeFileSync(
  join(dist, 'aspectRuntime.licenses.txt'),
  `dist/aspectRuntime.js bundles these packages:\n\n${[...packages.keys()]
    .sort()
    .map((name) => `${packages.get(name)}\n\n---\n`)
    .join('\n')}`,
);
