// Compiles a test contract in-process with the AssemblyScript compiler API, in memory, and keeps
// the wasm in node_modules/.cache keyed by everything it depends on, so test files and runs share
// one compilation. assemblyscript and the official SDK are the workspace root's devDependencies
// (one copy for every package's tests), which is where this private package finds them.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAsc } from './loadAsc.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = join(packageDir, 'node_modules', '.cache', 'mason-test-contracts');

export interface CompileContractOptions {
  /**
   * `mason` (default): with an asconfig (@mason/sdk's Massa-safe one); `official`: the way
   * massa-as-compile builds @massalabs/massa-as-sdk contracts (exportRuntime, O3, source map).
   */
  flavor?: 'mason' | 'official';
  /** mason: the asconfig.json to use (e.g. <package>/node_modules/@mason/sdk/asconfig.json). */
  asconfig?: string;
  /** mason: the asconfig target, `release` by default. */
  target?: 'release' | 'debug';
  /** official: adds the `name` section (asc --debug). */
  debug?: boolean;
  /** official: emit a source map (default true, as massa-as-compile). */
  sourceMap?: boolean;
  /** Extra package-resolution roots (asc --path). */
  paths?: string[];
  /** Extra asc flags. */
  flags?: string[];
  /** The folder file names in the wasm (abort messages, source maps) are relative to; the source's own by default. */
  baseDir?: string;
}

/** The installed folder of `name`, looked up from this package the way Node walks node_modules. */
function installed(name: string): string {
  for (let dir = packageDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`${name} is not installed (the workspace root's devDependencies hold it): run node scripts/setup.mjs`);
  }
}

/**
 * The official SDK comes from the workspace root's devDependencies; pnpm keeps its own
 * dependencies (as-base64, as-bignum) next to its real location.
 */
function officialLibraryPaths(): string[] {
  return ['@massalabs/massa-as-sdk', '@massalabs/as-types'].map((name) => dirname(dirname(installed(name))));
}

/** Every .ts file below `dir`, for the cache key of contracts built against a local SDK. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.includes('node_modules'));
  for (const file of files.sort()) hash.update(file).update(readFileSync(join(dir, file)));
}

/** Compiles the AssemblyScript file `source` (an absolute path) to wasm. */
export async function compileContract(source: string, options: CompileContractOptions = {}): Promise<Uint8Array> {
  const flavor = options.flavor ?? 'mason';
  const flags =
    flavor === 'official'
      ? ['--exportRuntime', '-O3', '--shrinkLevel', '2', ...(options.sourceMap === false ? [] : ['--sourceMap']), ...(options.debug ? ['--debug'] : [])]
      : ['--config', options.asconfig ?? missingConfig(source), '--target', options.target ?? 'release'];
  const paths = [...(flavor === 'official' ? officialLibraryPaths() : []), ...(options.paths ?? [])];
  const baseDir = options.baseDir ?? dirname(source);
  const argv = [
    relative(baseDir, source),
    '--baseDir',
    baseDir,
    '--outFile',
    'out.wasm',
    '--noColors',
    ...flags,
    ...(paths.length > 0 ? ['--path', paths.join(',')] : []),
    ...(options.flags ?? []),
  ];

  // The installed compiler's version, read without loading it: a cached contract needs no compiler.
  const ascVersion = JSON.parse(readFileSync(join(installed('assemblyscript'), 'package.json'), 'utf8')).version as string;
  const hash = createHash('sha256').update(ascVersion).update(argv.join(' ')).update(readFileSync(source));
  if (flavor === 'mason') {
    hash.update(readFileSync(options.asconfig!));
    hashTree(hash, join(dirname(options.asconfig!), 'assembly'));
  }
  const cached = join(cacheDir, `${basename(source, '.ts')}-${hash.digest('hex').slice(0, 32)}.wasm`);
  try {
    return new Uint8Array(readFileSync(cached));
  } catch {
    // Not compiled yet.
  }

  const outputs = new Map<string, Uint8Array>();
  let stderr = '';
  const asc = await loadAsc();
  const { error } = await asc.main(argv, {
    writeFile: (file: string, contents: Uint8Array | string) =>
      void outputs.set(file, typeof contents === 'string' ? new TextEncoder().encode(contents) : contents),
    stdout: { write: () => true } as never,
    stderr: { write: (text: string | Uint8Array) => ((stderr += String(text)), true) } as never,
  });
  const binary = outputs.get('out.wasm');
  if (error || !binary) throw new Error(`compiling ${source} failed: ${error?.message ?? 'no output'}\n${stderr}`);
  mkdirSync(cacheDir, { recursive: true });
  // Written aside then renamed: a test file compiling the same contract in parallel reads a whole file or none.
  const partial = `${cached}.${process.pid}.tmp`;
  writeFileSync(partial, binary);
  renameSync(partial, cached);
  return binary;
}

function missingConfig(source: string): never {
  throw new Error(`compileContract(${source}): the mason flavor needs options.asconfig (the @mason/sdk asconfig.json)`);
}
