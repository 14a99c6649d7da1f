import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ascArguments, MASSA_ASC_FLAGS } from './ascArguments.js';
import { COMPILER_DIR } from './compilerPackage.js';
import { FileHasher } from './FileHasher.js';
import { sha256Hex } from './sha256Hex.js';
import { toolchain } from './toolchain.js';

export const DEPLOYER_SOURCE = 'assembly/deployer.ts';

/** asc's arguments for the deployer template. */
export function deployerAscArguments(): string[] {
  const { sdk } = toolchain();
  return ascArguments({
    entry: DEPLOYER_SOURCE,
    baseDir: COMPILER_DIR,
    outFile: 'deployer.wasm',
    sdkDir: sdk.dir,
    paths: [sdk.nodeModules],
    sourceMap: false,
  });
}

/**
 * Identity of the deployer template: asc's version and flags, the deployer source and every
 * file of the SDK it is compiled with. A prebuilt or cached template is used only under its key.
 */
export function deployerTemplateKey(hasher = new FileHasher()): string {
  const { sdk, assemblyscript } = toolchain();
  // Machine-independent (no absolute paths), so that a template prebuilt elsewhere can match.
  const parts = ['mason-deployer-template/1', `asc ${assemblyscript.version}`, MASSA_ASC_FLAGS.join(' ')];
  parts.push(`${DEPLOYER_SOURCE} ${hasher.hash(join(COMPILER_DIR, DEPLOYER_SOURCE))}`);
  const sdkFiles = [
    'asconfig.json',
    'index.ts',
    ...readdirSync(join(sdk.dir, 'assembly'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join('assembly', name)),
  ];
  for (const file of sdkFiles.sort()) parts.push(`@mason/sdk/${file.split('\\').join('/')} ${hasher.hash(join(sdk.dir, file))}`);
  return sha256Hex(parts.join('\n'));
}
