import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContract as compile, DEPLOYER_SOURCE } from '@mason/test-utils';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Compiles a test contract (test/contracts/<name>.ts; `deployer` is the shared one of
 * @mason/test-utils): with @mason/sdk's Massa-safe asconfig, or (official) the way
 * massa-as-compile builds @massalabs/massa-as-sdk contracts (exportRuntime, O3, source map).
 */
export function compileContract(name: string, { official = false } = {}): Promise<Uint8Array> {
  const source = name === 'deployer' ? DEPLOYER_SOURCE : join(packageDir, 'test', 'contracts', `${name}.ts`);
  const baseDir = name === 'deployer' ? undefined : packageDir;
  return official
    ? compile(source, { flavor: 'official', baseDir })
    : compile(source, { asconfig: join(packageDir, 'node_modules', '@mason', 'sdk', 'asconfig.json'), baseDir });
}
