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
// - `inline` names packages whose code the bundles copy in instead of importing them (create-mason
//   copies the codec's error base, so that `npm create mason` installs one Mason package); their
//   declarations go to dist/inlined/<name>/, where the package's own declarations point.
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
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
  const { entries = ['index'], external = [], inline = [] } = manifest['mason-bundle'] ?? {};
  const isInlined = (path) => inline.some((name) => path === name || path.startsWith(`${name}/`));
  const srcDir = join(pkgDir, 'src');
  const externalFiles = new Set(external.map((name) => join(srcDir, `${name}.ts`)));

  const ownModules = {
    name: 'own-modules',
    setup(build) {
      // Every other package stays an import (what `packages: 'external'` does), inlined ones aside.
      build.onResolve({ filter: /^[^./]/ }, (args) => (isInlined(args.path) ? undefined : { path: args.path, external: true }));
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
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [ownModules],
  });
}

/**
 * After tsc: copies the declarations of each package the bundles inline into dist/inlined/<name>/
 * and points the package's own declarations there, so that its published types need no install
 * of the inlined package.
 */
export function inlineDeclarations(pkgDir) {
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  for (const name of manifest['mason-bundle']?.inline ?? []) inlinePackageDeclarations(pkgDir, name);
}

function inlinePackageDeclarations(pkgDir, name) {
  // Its folder as Node finds it from the package (its package.json is not always exported).
  let inlinedDir = pkgDir;
  while (!existsSync(join(inlinedDir, 'node_modules', name, 'package.json'))) {
    if (dirname(inlinedDir) === inlinedDir) throw new Error(`${name}, inlined by ${pkgDir}, is not installed`);
    inlinedDir = dirname(inlinedDir);
  }
  inlinedDir = realpathSync(join(inlinedDir, 'node_modules', name));
  const inlinedExports = JSON.parse(readFileSync(join(inlinedDir, 'package.json'), 'utf8')).exports;
  const target = join(pkgDir, 'dist', 'inlined', name);
  cpSync(join(inlinedDir, 'dist'), target, { recursive: true, filter: (src) => !/\.(js|map)$/.test(src) });
  const specifier = new RegExp(`(['"])${name.replace(/[/]/g, '\\/')}(/[^'"]*)?\\1`, 'g');
  const declarations = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return path === join(pkgDir, 'dist', 'inlined') ? [] : declarations(path);
      return entry.name.endsWith('.d.ts') ? [path] : [];
    });
  for (const file of declarations(join(pkgDir, 'dist'))) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(specifier, (_whole, quote, subpath) => {
      // The subpath's types in the inlined package's exports, e.g. ./dist/base.d.ts.
      const types = inlinedExports?.[`.${subpath ?? ''}`]?.types;
      if (!types?.startsWith('./dist/')) throw new Error(`${name}${subpath ?? ''}: no declarations under dist/ in its exports to inline`);
      const module = join(target, types.slice('./dist/'.length).replace(/\.d\.ts$/, '.js'));
      const path = toPosix(relative(dirname(file), module));
      return `${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}
