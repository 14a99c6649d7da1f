import asc from 'assemblyscript/asc';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const sdkDir = join(packageDir, 'node_modules/@mason/sdk');
const cacheDir = join(packageDir, 'node_modules/.cache/mason-test-contracts');
const ARGS = ['--config', 'node_modules/@mason/sdk/asconfig.json', '--target', 'release', '--outFile', 'out.wasm'];

/** What the output depends on: the contract, the SDK's sources and config, the compiler and its arguments. */
function inputsHash(name: string): string {
  const hash = createHash('sha256').update(asc.version).update(ARGS.join(' '));
  hash.update(readFileSync(join(packageDir, 'test/contracts', `${name}.ts`)));
  hash.update(readFileSync(join(sdkDir, 'asconfig.json')));
  const sources = readdirSync(join(sdkDir, 'assembly'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  for (const file of sources.sort()) hash.update(file).update(readFileSync(join(sdkDir, 'assembly', file)));
  return hash.digest('hex');
}

/**
 * Compiles a test contract (test/contracts/<name>.ts) with @mason/sdk's Massa-safe asconfig, in
 * memory, as packages/devnet/test/compileContract.ts does. The wasm is kept in
 * node_modules/.cache, keyed by everything it depends on, so test files share one compilation.
 */
export async function compileContract(name: string): Promise<Uint8Array> {
  const cached = join(cacheDir, `${name}-${inputsHash(name)}.wasm`);
  try {
    return new Uint8Array(readFileSync(cached));
  } catch {
    // Not compiled yet.
  }
  const outputs = new Map<string, Uint8Array>();
  let stderr = '';
  const { error } = await asc.main([`test/contracts/${name}.ts`, '--baseDir', packageDir, ...ARGS], {
    writeFile: (file: string, contents: Uint8Array | string) =>
      void outputs.set(file, typeof contents === 'string' ? new TextEncoder().encode(contents) : contents),
    stdout: { write: () => true } as never,
    stderr: { write: (text: string) => ((stderr += text), true) } as never,
  });
  const binary = outputs.get('out.wasm');
  if (error || !binary) throw new Error(`compiling ${name} failed: ${error?.message ?? 'no output'}\n${stderr}`);
  mkdirSync(cacheDir, { recursive: true });
  // Written aside then renamed: a test file compiling the same contract in parallel reads a whole file or none.
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, binary);
  renameSync(partial, cached);
  return binary;
}
