import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DeployError, type DeploymentModule, isDeploymentModule } from '@mason/deployer';

const EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

export interface LoadedScript {
  module: DeploymentModule;
  /** The module's id, else the script's file name. */
  id: string;
  path: string;
}

/** `deploy/<name>.ts` (or .mts, .js, .mjs), or a path to a script. */
function findScript(root: string, name: string): string {
  const dir = join(root, 'deploy');
  const candidates = EXTENSIONS.includes(extname(name)) ? [resolve(name), join(root, name)] : EXTENSIONS.map((ext) => join(dir, `${name}${ext}`));
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const scripts = existsSync(dir) ? readdirSync(dir).filter((file) => EXTENSIONS.includes(extname(file)) && !file.endsWith('.d.ts')) : [];
  throw new DeployError('MASON_DEPLOY_SCRIPT_NOT_FOUND', {
    name,
    looked: [...new Set(candidates)].map((path) => relative(root, path) || path).join(', '),
    available: scripts.length > 0 ? ` (deploy/ holds ${scripts.join(', ')})` : ' (there is no script in deploy/)',
  });
}

/**
 * Loads a deployment script written in TypeScript: esbuild compiles it (its own relative imports
 * bundled, packages left to Node) into the project's `.mason/`, where Node resolves its packages
 * from the project's node_modules, then imports it. `import.meta.url`/`dirname`/`filename` keep
 * naming the script itself.
 */
export async function loadDeploymentScript(root: string, name: string): Promise<LoadedScript> {
  const path = findScript(root, name);
  const failed = (reason: string) => new DeployError('MASON_DEPLOY_SCRIPT_LOAD_FAILED', { path: relative(root, path) || path, reason });
  const { build } = await import('esbuild');
  let code: string;
  try {
    const result = await build({
      entryPoints: [path],
      bundle: true,
      packages: 'external',
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      sourcemap: 'inline',
      logLevel: 'silent',
      // import.meta's properties are writable: the compiled copy names the script it came from.
      banner: {
        js: `import.meta.url = ${JSON.stringify(pathToFileURL(path).href)}; import.meta.dirname = ${JSON.stringify(dirname(path))}; import.meta.filename = ${JSON.stringify(path)};`,
      },
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    const first = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors?.[0];
    const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
    throw failed(first ? `${where}${first.text}` : (error as Error).message);
  }
  const out = join(root, '.mason', 'deploy', `${basename(path, extname(path))}-${process.pid}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, code);
  let loaded: { default?: unknown };
  try {
    loaded = await import(pathToFileURL(out).href);
  } catch (error) {
    throw failed(`it threw while loading: ${(error as Error).message}`);
  } finally {
    rmSync(out, { force: true });
  }
  if (!isDeploymentModule(loaded.default)) {
    throw failed("its default export is not a deployment module: write `export default buildModule('name', (m) => { … })` (buildModule from @mason/deployer)");
  }
  return { module: loaded.default, id: loaded.default.id ?? basename(path, extname(path)), path };
}
