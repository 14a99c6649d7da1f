// `npm create mason` installs create-mason alone: its tarball depends on no other Mason package
// (it inlines the codec's error base) and runs, types included, with only its own dependencies.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../packages/test-utils/src/runProcess.js';
import { scaledTimeout } from '../packages/test-utils/src/testTimeout.js';
// @ts-expect-error: plain JavaScript modules of the repository's scripts
import { packPackages, publicPackages } from './lib/workspacePackages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'mason-create-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const installed = join(work, 'project', 'node_modules', 'create-mason');

beforeAll(() => {
  const createMason = publicPackages().find((p: { name: string }) => p.name === 'create-mason');
  const [{ tarball }] = packPackages([createMason], join(work, 'packs'));
  mkdirSync(installed, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], { encoding: 'utf8' });
  expect(untar.status, untar.stderr).toBe(0);
  // Its declared dependencies, as an install would put them beside it; nothing else.
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  for (const dep of Object.keys(manifest.dependencies)) {
    symlinkSync(realpathSync(join(root, 'packages', 'create-mason', 'node_modules', dep)), join(work, 'project', 'node_modules', dep));
  }
}, scaledTimeout(60_000));

describe('the packed create-mason', () => {
  it('depends on no other Mason package', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['commander', 'picocolors']);
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      expect(
        Object.keys(manifest[field] ?? {}).filter((dep) => dep.startsWith('@mason/')),
        field,
      ).toEqual([]);
    }
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
  });

  it('scaffolds a project with only its own dependencies installed', () => {
    const run = spawnSync(process.execPath, [join(installed, 'bin', 'create-mason.js'), 'my-app', '--no-install'], {
      cwd: join(work, 'project'),
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readdirSync(join(work, 'project', 'my-app'))).toContain('package.json');
    const refused = spawnSync(process.execPath, [join(installed, 'bin', 'create-mason.js'), 'my-app', '--no-install'], {
      cwd: join(work, 'project'),
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    // The inlined error base: a Mason error with its code and docs.
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('[MASON_CREATE_DIR_NOT_EMPTY]');
  });

  it(
    'has types that resolve without @mason/codec',
    async () => {
      const project = join(work, 'project');
      // A TypeScript project on Node has Node's types.
      mkdirSync(join(project, 'node_modules', '@types'));
      symlinkSync(realpathSync(join(root, 'node_modules', '@types', 'node')), join(project, 'node_modules', '@types', 'node'));
      writeFileSync(
        join(project, 'use.ts'),
        "import { scaffold, ScaffoldError } from 'create-mason';\nconst error: ScaffoldError = new ScaffoldError('MASON_CREATE_DIR_NOT_EMPTY', { dir: 'x' });\nexport const code: string = error.code;\nexport const run = () => scaffold({ dir: 'x', dryRun: true }).dryRun;\n",
      );
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            noEmit: true,
            types: ['node'],
            skipLibCheck: false,
          },
          files: ['use.ts'],
        }),
      );
      const tsc = await runProcess(join(root, 'node_modules', '.bin', 'tsc'), ['-p', project]);
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    },
    scaledTimeout(60_000),
  );
});
