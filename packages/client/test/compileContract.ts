import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContract as compile, DEPLOYER_SOURCE } from '@mason/test-utils';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Compiles a test contract (test/contracts/<name>.ts) with @mason/sdk's Massa-safe asconfig;
 * `deployer` is massa-web3's deployer, shared by Mason's tests in @mason/test-utils.
 */
export function compileContract(name: string): Promise<Uint8Array> {
  if (name === 'deployer') return compile(DEPLOYER_SOURCE, { flavor: 'official' });
  return compile(join(packageDir, 'test', 'contracts', `${name}.ts`), {
    asconfig: join(packageDir, 'node_modules', '@mason', 'sdk', 'asconfig.json'),
    baseDir: packageDir,
  });
}
