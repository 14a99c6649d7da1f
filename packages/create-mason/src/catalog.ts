import { readFileSync } from 'node:fs';

/** The workspace catalog (pnpm-workspace.yaml), which generated projects pin too; a test keeps them equal. */
export const CATALOG: Record<string, string> = {
  assemblyscript: '0.27.37',
};

/** The version of Mason's packages new projects depend on: create-mason's own (all are released together with one version). */
export const MASON_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Every Mason library package. With local packages, a project needs the tarball of each (the
 * template's dependencies and what they depend on); a test keeps this list equal to packages/.
 */
export const MASON_PACKAGES = [
  '@mason/cli',
  '@mason/client',
  '@mason/codec',
  '@mason/compiler',
  '@mason/deployer',
  '@mason/devnet',
  '@mason/sdk',
  '@mason/testing',
  '@mason/vm',
  '@mason/wasm',
  '@mason/workers',
] as const;
