import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ascVersionsCompatible, installedAscVersion, withoutLoadedTwiceWarning } from './ascCopies.js';
import { TestingError } from './errors.js';
import { findPackageDir } from './findPackageDir.js';
import type { AssemblyScriptModule } from '@mason/compiler';
import type { SourceMapJson } from '@mason/wasm';

/** This package's root (src/ and dist/ both sit one level below it). */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const ASPECT_ENTRY = join(findPackageDir('@as-pect/assembly', PACKAGE_DIR), 'assembly', 'index.ts');
const MASON_ASCONFIG = join(PACKAGE_DIR, 'as-pect.asconfig.json');
const MASON_ASC_VERSION = installedAscVersion(PACKAGE_DIR);
// Specs import `@mason/testing` wherever the project installed it: the runner serves its own copy,
// so the helpers always match the host that implements them.
const TESTING_IMPORT = /[\\/]node_modules[\\/]@mason[\\/]testing[\\/](.+)$/;

export interface SpecCompilerOptions {
  root: string;
  /** The project's as-pect asconfig; undefined: Mason's (as-pect entry and transform added here). */
  asconfig: string | undefined;
  /** Files compiled into every spec (as-pect `include`), relative to the root. */
  includes: string[];
  /** Extra package roots (asc `--path`). */
  paths: string[];
  /** Contract files to instrument for the gas report: absolute path → contract name (see instrumentContract). */
  instrument?: Record<string, string>;
}

/** An asc source map's fields the runner reads. */
export type WasmSourceMapJson = SourceMapJson;

export interface CompiledSpec {
  binary: Uint8Array;
  sourceMap: WasmSourceMapJson | undefined;
  compileMs: number;
  /** Absolute paths of the source files the compilation read (the cache checks them). */
  inputs: string[];
  /** Served from the compile cache. */
  cached?: boolean;
  /** Files whose syntax tree came from an earlier compile in this thread (see parsedSources). */
  reusedSources?: number;
}

type Asc = typeof import('assemblyscript/asc').default;

// Loaded on first use: a run whose specs all come from the cache never loads the compiler.
// `@mason/compiler` first: its parsed-files cache, which builds share, and how it loads asc quickly
// and without the process-wide listener Binaryen adds.
async function importCompiler() {
  const compiler = await import('@mason/compiler');
  const [asc, transform, assemblyscript] = await compiler.keepProcessHandlers(() =>
    compiler.withDataUrlWasm(() =>
      Promise.all([import('assemblyscript/asc'), import('@as-pect/transform'), import('assemblyscript') as Promise<unknown> as Promise<AssemblyScriptModule>]),
    ),
  );
  return [asc, transform, assemblyscript, compiler] as const;
}
let compilerLoading: ReturnType<typeof importCompiler> | undefined;
const loadCompiler = () => (compilerLoading ??= importCompiler());

/** Compiles spec files the way as-pect does, in memory, with a source map; sources are read once per run. */
export class SpecCompiler {
  private readonly sources = new Map<string, string | null>();
  private instrument: ((text: string, path: string, contract: string) => string) | undefined;
  private ascCompatible: boolean | undefined;

  constructor(private readonly options: SpecCompilerOptions) {}

  async compile(file: string): Promise<CompiledSpec> {
    const started = performance.now();
    const [{ default: asc }, { default: AspectTransform }, assemblyscript, { freshSourcesTransform, withParsedSources }] = await loadCompiler();
    this.instrument ??= this.options.instrument && (await import('./instrumentContract.js')).instrumentContract;
    // A project's own asconfig may name any transform, which may change any tree: parse as asc does.
    if (this.options.asconfig) {
      const run = () => this.runAsc(asc, file, [], started);
      return this.projectAscCompatible() ? withoutLoadedTwiceWarning(run) : run();
    }
    return withParsedSources(assemblyscript, 'as-pect', async (session) => {
      const aspect = new AspectTransform();
      const compiled = await this.runAsc(asc, file, [freshSourcesTransform(session, (parser) => aspect.afterParse(parser))], started);
      return { ...compiled, reusedSources: session.reused.size };
    });
  }

  /**
   * Whether the project's own asc, which its transforms load beside Mason's (and which then warns
   * "included twice"), is compatible with Mason's: then the warning says nothing worth reading.
   */
  private projectAscCompatible(): boolean {
    if (this.ascCompatible === undefined) {
      const project = installedAscVersion(this.options.root);
      this.ascCompatible = project !== undefined && MASON_ASC_VERSION !== undefined && ascVersionsCompatible(project, MASON_ASC_VERSION);
    }
    return this.ascCompatible;
  }

  private async runAsc(asc: Asc, file: string, transforms: object[], started: number): Promise<CompiledSpec> {
    const inputs = new Set<string>();
    const { root, asconfig, includes, paths } = this.options;
    const outputs = new Map<string, Uint8Array | string>();
    let diagnostics = '';
    const argv = [
      file,
      ...includes,
      ...(asconfig ? ['--config', asconfig, '--target', 'noCoverage'] : [relative(root, ASPECT_ENTRY), '--config', MASON_ASCONFIG]),
      '--baseDir',
      root,
      '--outFile',
      'output.wasm',
      '--sourceMap',
      '--debug',
      '--noColors',
      ...paths.flatMap((path) => ['--path', path]),
    ];
    const { error } = await asc.main(argv, {
      readFile: (name, baseDir) => {
        const path = this.resolve(resolve(baseDir, name));
        const text = this.read(path);
        if (text !== null) inputs.add(path);
        return text;
      },
      writeFile: (name, contents) => {
        outputs.set(name, contents);
      },
      listFiles: (dir, baseDir) => {
        try {
          return readdirSync(resolve(baseDir, dir)).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));
        } catch {
          return null;
        }
      },
      stdout: { write: () => true } as never,
      stderr: { write: (text: string | Uint8Array) => ((diagnostics += String(text)), true) } as never,
      transforms: transforms as never,
    });
    const binary = outputs.get('output.wasm');
    if (error || !(binary instanceof Uint8Array)) {
      throw new TestingError('MASON_TESTING_COMPILE', { file, diagnostics: (diagnostics || error?.message || 'no output').trim() });
    }
    const map = outputs.get('output.wasm.map');
    return {
      binary,
      sourceMap: typeof map === 'string' ? (JSON.parse(map) as WasmSourceMapJson) : undefined,
      compileMs: performance.now() - started,
      inputs: [...inputs],
    };
  }

  private resolve(path: string): string {
    const served = TESTING_IMPORT.exec(path);
    return served ? join(PACKAGE_DIR, served[1]!) : path;
  }

  private read(path: string): string | null {
    if (this.sources.has(path)) return this.sources.get(path)!;
    // asc tries many candidate paths per import: test for them rather than catch ENOENT each time.
    let text = existsSync(path) ? readFileSync(path, 'utf8') : null;
    const contract = this.options.instrument?.[path];
    if (text !== null && contract !== undefined && this.instrument) text = this.instrument(text, path, contract);
    this.sources.set(path, text);
    return text;
  }
}
