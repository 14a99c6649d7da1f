// Bundles each worker thread's entry (already transpiled to dist/) into one file: a worker then
// starts in ~50 ms instead of ~140 ms spent resolving and loading a hundred small modules.
import { dirname } from 'node:path';
import { build } from 'esbuild';

// The VM loads @noble's secp256k1 at the first EVM host call, with createRequire from its own
// folder; in a bundle that folder is gone, so its loader becomes a bundled require, which esbuild
// also evaluates at the first call.
const lazySecp256k1 = {
  name: 'lazy-secp256k1',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]vm[\\/]src[\\/]execution[\\/]secp256k1\.ts$/ }, (args) => ({
      contents: `let curve;
export function secp256k1() {
  curve ??= require('@noble/curves/secp256k1').secp256k1;
  return curve;
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
  plugins: [lazySecp256k1],
  // The other packages from their sources: their dist/ entries are bundles already (with the URLs
  // of their modules anchored for dist/, not for this bundle).
  conditions: ['mason-source'],
  // The CommonJS modules bundled that way require Node's built-ins (node:crypto): an ES module has
  // no `require` of its own to give them.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
});
