import asc from 'assemblyscript/asc';
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** pnpm keeps the official SDK's own dependencies (as-base64, as-bignum) next to its real location. */
const officialSdkPaths = (): string[] =>
  ['@massalabs/massa-as-sdk', '@massalabs/as-types'].map((name) => dirname(dirname(realpathSync(join(packageDir, 'node_modules', name)))));

/**
 * Compiles a test contract in memory: with @mason/sdk's Massa-safe asconfig, or (official) the way
 * massa-as-compile builds @massalabs/massa-as-sdk contracts (exportRuntime, O3, source map).
 */
export async function compileContract(name: string, { official = false } = {}): Promise<Uint8Array> {
  const outputs = new Map<string, Uint8Array>();
  let stderr = '';
  const flags = official
    ? ['--exportRuntime', '-O3', '--shrinkLevel', '2', '--sourceMap', '--path', officialSdkPaths().join(',')]
    : ['--config', 'node_modules/@mason/sdk/asconfig.json', '--target', 'release'];
  const { error } = await asc.main([`test/contracts/${name}.ts`, '--baseDir', packageDir, '--outFile', 'out.wasm', ...flags], {
    writeFile: (file: string, contents: Uint8Array | string) => void outputs.set(file, typeof contents === 'string' ? new TextEncoder().encode(contents) : contents),
    stdout: { write: () => true } as never,
    stderr: { write: (text: string) => ((stderr += text), true) } as never,
  });
  const binary = outputs.get('out.wasm');
  if (error || !binary) throw new Error(`compiling ${name} failed: ${error?.message ?? 'no output'}\n${stderr}`);
  return binary;
}
