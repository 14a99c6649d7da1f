// Rewrites a package's entry modules in dist/ (index.js, and those its package.json names in
// "mason-bundle": { "entries" }, such as the CLI's program.js and the compile workers) as bundles
// of the package's own modules, so that importing the package reads a few files instead of dozens: Node 20
// has no compile cache for ES modules, and resolving, reading and linking each one is most of a
// short process's start (docs/performance.md, "Start-up: what is loaded").
//
// - Every import of another package stays an import: each package is loaded once, whoever imports
//   it, so classes (errors, keys, Args) stay the same classes across packages.
// - Dynamic imports of the package's own modules become chunks loaded when they run, as before.
// - Code that locates files from its own module (`import.meta.url`: workers, package.json, assets)
//   still resolves them from where its module sits in dist/, which stays in place beside the bundle.
// - `external` names modules of the package that a later build step replaces (as-pect's runtime):
//   they are imported from dist/, not copied in.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { build } from 'esbuild';

const toPosix = (path) => path.split(sep).join('/');

/** dist/-relative URL of the module a source file compiles to (src/a/b.ts → ./a/b.js). */
function distPathOf(srcDir, file) {
  return `./${toPosix(relative(srcDir, file)).replace(/\.ts$/, '.js')}`;
}

export async function bundlePackageEntries(pkgDir) {
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const { entries = ['index'], external = [] } = manifest['mason-bundle'] ?? {};
  const srcDir = join(pkgDir, 'src');
  const externalFiles = new Set(external.map((name) => join(srcDir, `${name}.ts`)));

  const ownModules = {
    name: 'own-modules',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const file = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        return externalFiles.has(file) ? { path: distPathOf(srcDir, file), external: true } : undefined;
      });
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        let contents = await readFile(args.path, 'utf8');
        // The bundle and its chunks sit in dist/: anchor each module's own URL where its module is.
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(distPathOf(srcDir, args.path))}, import.meta.url).href`);
        return { contents, loader: 'ts', resolveDir: dirname(args.path) };
      });
    },
  };

  await build({
    entryPoints: Object.fromEntries(entries.map((name) => [name, join(srcDir, `${name}.ts`)])),
    outdir: join(pkgDir, 'dist'),
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    // Beside the entries, so that the URLs above resolve the same from every output file.
    chunkNames: 'chunk-[hash]',
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [ownModules],
  });
}
