// Packs every publishable workspace package into .mason/packs/*.tgz (workspace: and catalog:
// ranges resolved, as on the registry), so a project can depend on this checkout's Mason
// without any registry: `MASON_LOCAL_PACKAGES=.mason/packs npm create mason …`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.mason', 'packs');
const pnpm = join(root, 'node_modules', '.bin', 'pnpm');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const templatesCopy = join(root, 'packages', 'create-mason', 'templates');
rmSync(templatesCopy, { recursive: true, force: true });
cpSync(join(root, 'templates'), templatesCopy, {
  recursive: true,
  filter: (src) => !/(^|\/)(node_modules|build|\.mason|deployments|\.turbo)(\/|$)/.test(src.slice(root.length)),
});

try {
  for (const name of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', name);
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).private) continue;
    const result = spawnSync(pnpm, ['pack', '--pack-destination', out], { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) {
      console.error(result.stdout, result.stderr);
      throw new Error(`packing ${name} failed`);
    }
  }
} finally {
  rmSync(templatesCopy, { recursive: true, force: true });
}
console.log(`packed ${readdirSync(out).length} packages into ${out}`);
