// The deployer reads a build (manifest and wasm files) as data: loading it must not load the
// compiler or AssemblyScript. Checked on the built package, in a fresh Node whose module hook
// refuses to resolve either.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { scaledTimeout } from '@mason/test-utils';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const hooks = `export async function resolve(specifier, context, next) {
  if (/^(assemblyscript|@mason\\/compiler)(\\/|$)/.test(specifier)) throw new Error('loaded ' + specifier);
  return next(specifier, context);
}`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;

/** Imports `specifier` from the deployer's folder with the hook on; the exit status and stderr. */
function importWithoutCompiler(specifier: string): { status: number | null; stderr: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', `await import(${JSON.stringify(specifier)});`],
    { cwd: packageDir, encoding: 'utf8', timeout: scaledTimeout(30_000) },
  );
  return { status: run.status, stderr: run.stderr };
}

describe('@mason/deployer at run time', () => {
  it('loads without @mason/compiler or assemblyscript', () => {
    const loaded = importWithoutCompiler('@mason/deployer');
    expect(loaded.stderr).toBe('');
    expect(loaded.status).toBe(0);
  });

  it('the check itself refuses the compiler (a devDependency of the tests)', () => {
    const refused = importWithoutCompiler('@mason/compiler');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('loaded @mason/compiler');
  });
});
