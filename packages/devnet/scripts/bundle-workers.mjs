// Bundles each worker thread's entry (already transpiled to dist/) into one file: a worker then
// starts in ~50 ms instead of ~140 ms spent resolving and loading a hundred small modules.
import { dirname } from 'node:path';
import { build } from 'esbuild';

// The VM loads @noble's secp256k1 and keccak256 at their first call (the EVM host functions),
// with createRequire from its own folder; in a bundle that folder is gone, so each loader becomes a
// bundled require, which esbuild also evaluates at the first call.
const LAZY_LOADERS = [
  { file: 'secp256k1', name: 'secp256k1', module: '@noble/curves/secp256k1', member: 'secp256k1' },
  { file: 'nobleKeccak', name: 'nobleKeccak256', module: '@noble/hashes/sha3', member: 'keccak_256' },
];
const lazyLoaders = {
  name: 'lazy-loaders',
  setup(bundle) {
    for (const { file, name, module, member } of LAZY_LOADERS) {
      bundle.onLoad({ filter: new RegExp(`[\\\\/]vm[\\\\/]src[\\\\/]execution[\\\\/]${file}\\.ts$`) }, (args) => ({
        contents: `let loaded;
export function ${name}() {
  loaded ??= require('${module}').${member};
  return loaded;
}
`,
        resolveDir: dirname(args.path),
        loader: 'js',
      }));
    }
  },
};

const dist = new URL('../dist/', import.meta.url).pathname;
await build({
  entryPoints: {
    'workers/executionWorker': `${dist}execution/executionWorkerMain.js`,
    'workers/readOnlyWorker': `${dist}readOnly/readOnlyWorkerMain.js`,
  },
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [lazyLoaders],
  // The other packages from their sources: their dist/ entries are bundles already (with the URLs
  // of their modules anchored for dist/, not for this bundle).
  conditions: ['mason-source'],
  // The CommonJS modules bundled that way require Node's built-ins (node:crypto): an ES module has
  // no `require` of its own to give them.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
});
