// Bundles each worker thread's entry (already transpiled to dist/) into one file: a worker then
// starts in ~50 ms instead of ~140 ms spent resolving and loading a hundred small modules.
import { dirname } from 'node:path';
import { build } from 'esbuild';

// The VM loads @noble's secp256k1 and keccak256 at their first call (the EVM host functions),
// with createRequire from its own folder (vm/src/execution/lazyNoble.ts); in a bundle that folder
// is gone, so its loaders become bundled requires, which esbuild also evaluates at the first call.
const lazyNoble = {
  name: 'lazy-noble',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]vm[\\/]src[\\/]execution[\\/]lazyNoble\.ts$/ }, (args) => ({
      contents: `let curve;
let keccak;
export function secp256k1() {
  curve ??= require('@noble/curves/secp256k1').secp256k1;
  return curve;
}
export function nobleKeccak256() {
  keccak ??= require('@noble/hashes/sha3').keccak_256;
  return keccak;
}
`,
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
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
  plugins: [lazyNoble],
  // The other packages from their sources: their dist/ entries are bundles already (with the URLs
  // of their modules anchored for dist/, not for this bundle).
  conditions: ['mason-source'],
  // The CommonJS modules bundled that way require Node's built-ins (node:crypto): an ES module has
  // no `require` of its own to give them.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
});
