// Compiles a test contract (test/contracts/<name>.ts; `deployer` is the shared one of
// @mason/test-utils) the way massa-as-compile builds contracts (exportRuntime, O3, source map).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContract as compile, DEPLOYER_SOURCE } from '@mason/test-utils';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const contractsDir = join(packageDir, 'test', 'contracts');

export interface CompileOptions {
  /** Adds the `name` section (asc --debug). */
  debug?: boolean;
  sourceMap?: boolean;
}

export function compileContract(name: string, options: CompileOptions = {}): Promise<Uint8Array> {
  if (name === 'deployer') return compile(DEPLOYER_SOURCE, { flavor: 'official', ...options });
  return compile(join(contractsDir, `${name}.ts`), { flavor: 'official', baseDir: packageDir, ...options });
}
