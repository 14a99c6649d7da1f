// Compiles a test contract with the AssemblyScript compiler API, the way massa-as-compile builds
// contracts (exportRuntime, O3, source map). Results are cached on disk by source hash.
import asc from 'assemblyscript/asc';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cacheDir = join(tmpdir(), 'mason-vm-test-contracts');

/** pnpm keeps the SDK's own dependencies (as-base64, as-bignum) next to its real location. */
function libraryPaths(): string[] {
  return ['@massalabs/massa-as-sdk', '@massalabs/as-types'].map((name) =>
    dirname(dirname(realpathSync(join(packageDir, 'node_modules', name)))),
  );
}

export interface CompileOptions {
  /** Adds the `name` section (asc --debug). */
  debug?: boolean;
  sourceMap?: boolean;
}

export async function compileContract(name: string, options: CompileOptions = {}): Promise<Uint8Array> {
  const source = join(packageDir, 'test', 'contracts', `${name}.ts`);
  const flags = ['--exportRuntime', '-O3', '--shrinkLevel', '2', '--noColors'];
  if (options.sourceMap !== false) flags.push('--sourceMap');
  if (options.debug) flags.push('--debug');
  const key = createHash('sha256')
    .update(readFileSync(source))
    .update(flags.join(' '))
    .update(asc.version)
    .digest('hex')
    .slice(0, 32);
  const cached = join(cacheDir, `${name}-${key}.wasm`);
  if (existsSync(cached)) return new Uint8Array(readFileSync(cached));

  const outputs = new Map<string, Uint8Array>();
  let errors = '';
  const { error } = await asc.main(
    [relative(packageDir, source), '-o', `${name}.wasm`, ...flags, '--baseDir', packageDir, '--path', libraryPaths().join(',')],
    {
      writeFile: (file: string, contents: Uint8Array | string) => {
        outputs.set(file, typeof contents === 'string' ? new TextEncoder().encode(contents) : contents);
      },
      stdout: { write: () => true },
      stderr: {
        write: (text: string | Uint8Array) => {
          errors += String(text);
          return true;
        },
      },
    } as never,
  );
  const wasm = outputs.get(`${name}.wasm`);
  if (error || !wasm) throw new Error(`compiling ${name} failed: ${error?.message ?? ''}\n${errors}`);
  mkdirSync(cacheDir, { recursive: true });
  // Test files compile in parallel workers: publish the file atomically.
  const partial = `${cached}.${process.pid}.tmp`;
  writeFileSync(partial, wasm);
  renameSync(partial, cached);
  return wasm;
}
