// Packs every publishable workspace package into .mason/packs/*.tgz (workspace: and catalog:
// ranges resolved, as on the registry), so a project can depend on this checkout's Mason
// without any registry: `npm run create -- ../my-app` does this, then
// `create-mason --local-packages .mason/packs`.
import { join } from 'node:path';
import { packPackages, publicPackages, root } from './lib/workspacePackages.mjs';

const out = join(root, '.mason', 'packs');
const packed = packPackages(publicPackages(), out);
console.log(`packed ${packed.length} packages into ${out}`);
