/** The workspace catalog (pnpm-workspace.yaml), which generated projects pin too; a test keeps them equal. */
export const CATALOG: Record<string, string> = {
  assemblyscript: '0.27.37',
};

/** The version of Mason's packages this create-mason depends on; the release script checks it. */
export const MASON_VERSION = '0.1.0';

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
] as const;
