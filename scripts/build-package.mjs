// Builds one workspace package: esbuild transpiles src/ to dist/ (ESM, one file per module), then
// rewrites its entry modules as bundles of the package's own modules (bundle-package-entries.mjs);
// tsc emits the declarations and type-checks; the declarations of inlined packages are copied in.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { bundlePackageEntries, inlineDeclarations } from './bundle-package-entries.mjs';

const pkgDir = process.cwd();
const rootDir = new URL('..', import.meta.url).pathname;
const srcDir = join(pkgDir, 'src');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

rmSync(join(pkgDir, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: sources(srcDir),
  outdir: join(pkgDir, 'dist'),
  outbase: srcDir,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
await bundlePackageEntries(pkgDir);
const tsc = spawnSync(join(rootDir, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json', '--emitDeclarationOnly', '--outDir', 'dist'], {
  stdio: 'inherit',
  cwd: pkgDir,
});
if (tsc.status !== 0) {
  console.error(`build failed: type errors in ${relative(process.cwd(), pkgDir) || '.'}`);
  process.exit(1);
}
inlineDeclarations(pkgDir);
