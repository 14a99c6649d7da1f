import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { BuildCache } from './BuildCache.js';
import { buildContract, planContract, type BuildContext, type ContractPlan } from './buildContract.js';
import { buildPhases } from './buildPhases.js';
import { COMPILER_NAME, COMPILER_VERSION } from './compilerPackage.js';
import { deployerTemplateKey } from './deployerTemplateKey.js';
import type { BuildProgress, ContractBuild } from './ContractBuild.js';
import { CompilerError, type CompilerWarning } from './errors.js';
import { FileHasher } from './FileHasher.js';
import { findContracts, type ContractSource } from './findContracts.js';
import { findPackage } from './findPackage.js';
import { loadDeployerTemplate } from './loadDeployerTemplate.js';
import type { Manifest, ManifestContract } from '@mason/codec/base';
import { projectAsconfig } from './projectAsconfig.js';
import { readManifest } from './readManifest.js';
import { toolchain } from './toolchain.js';
import { writeOutput } from './writeOutput.js';

export type { BuildProgress, ContractBuild } from './ContractBuild.js';

export interface BuildOptions {
  /** Project folder; the other paths are relative to it. */
  root: string;
  /** Default `assembly/contracts`. */
  contractsDir?: string;
  /** Default `build`. */
  outDir?: string;
  /**
   * Globs relative to `contractsDir` selecting the contracts (e.g. `['**\/*.ts']` to include
   * subfolders, `['main.ts']` for one). Default: the `.ts` files at its top level.
   */
  contracts?: string[];
  /** Recompile everything, ignoring the cache. */
  force?: boolean;
  /**
   * Write `<name>.wasm.map` beside each module (default true), so that failures point at the
   * contract's source line. The module itself has no custom section either way.
   */
  sourceMap?: boolean;
  /** Write `<name>.abi.json`, the contract's interface read from its source (docs/abi.md). Default true. */
  abi?: boolean;
  /**
   * Contracts compiled at the same time, each in a worker thread with its own asc. Default
   * DEFAULT_JOBS. Workers are used only when two or more contracts need compiling; with 1,
   * everything runs in this thread. Outputs are the same bytes.
   */
  jobs?: number;
  /** Called as each contract starts and finishes, e.g. to show progress. */
  onProgress?: (event: BuildProgress) => void;
}

/** Most parallel compiles a build accepts (each worker holds its own asc, ≈ 150 MB). */
export const MAX_JOBS = 64;

/**
 * One worker per core but one. Each worker loads its own asc and warms up its own JIT, and V8
 * compiles that JavaScript on background threads: on 2 cores, 4 contracts took 5.6 s of CPU in 2
 * workers against 4.1 s in one thread (0.8 s of it on V8's background threads), which bounds the
 * gain to ≈ 1.2× on an idle machine and lost time on a busy one (docs/performance.md, "Build").
 */
export const DEFAULT_JOBS = Math.max(1, availableParallelism() - 1);

export interface BuildResult {
  root: string;
  outDir: string;
  manifestPath: string;
  manifest: Manifest;
  contracts: ContractBuild[];
  warnings: CompilerWarning[];
  durationMs: number;
}

function outputsOf(name: string): string[] {
  return [`${name}.wasm`, `${name}.wasm.map`, `${name}.deployer.wasm`, `${name}.abi.json`];
}

/** Two contracts whose outputs would overwrite each other (also on case-insensitive disks). */
function checkCollisions(sources: ContractSource[]): void {
  const owners = new Map<string, string>([
    ['manifest.json', '(the manifest)'],
    [BuildCache.FILE.toLowerCase(), '(the build cache)'],
  ]);
  for (const source of sources) {
    for (const output of outputsOf(source.name)) {
      const owner = owners.get(output.toLowerCase());
      if (owner !== undefined) {
        throw new CompilerError('MASON_COMPILER_OUTPUT_COLLISION', { first: owner, second: source.name, file: output });
      }
      owners.set(output.toLowerCase(), source.name);
    }
  }
}

/**
 * `mason build`: compiles every contract of the project with asc (in this process, with the
 * options a Massa node accepts), checks the modules against the node's rules, bundles each into
 * a deployer that carries it, and writes `<name>.wasm`, `<name>.deployer.wasm` and
 * `manifest.json` to `outDir`. Contracts whose inputs did not change are not recompiled.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = resolve(options.root);
  const contractsDir = resolve(root, options.contractsDir ?? 'assembly/contracts');
  const outDir = resolve(root, options.outDir ?? 'build');
  const sources = await findContracts(root, contractsDir, options.contracts);
  checkCollisions(sources);

  const jobs = options.jobs ?? DEFAULT_JOBS;
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > MAX_JOBS) {
    throw new CompilerError('MASON_COMPILER_BAD_JOBS', { value: String(options.jobs), maximum: MAX_JOBS });
  }

  const { sdk: ownSdk, assemblyscript } = toolchain();
  const hasher = new FileHasher();
  const previous = readManifest(outDir);
  const cache = BuildCache.load(outDir);
  let templateKey: string | undefined;
  const context: Omit<BuildContext, 'previous'> = {
    root,
    asconfig: projectAsconfig(root),
    outDir,
    sdk: findPackage(root, ownSdk.name) ?? ownSdk,
    ascVersion: assemblyscript.version,
    paths: [ownSdk.nodeModules],
    sourceMap: options.sourceMap ?? true,
    abi: options.abi ?? true,
    force: options.force ?? false,
    hasher,
    cache,
    templateKey: () => (templateKey ??= deployerTemplateKey(hasher)),
    template: () => loadDeployerTemplate(hasher),
  };

  // A contract embedding another's build comes after it, and is planned only once that one is
  // written, so that a changed embedded build is seen.
  const outcomes = new Map<string, Outcome>();
  // Not built because a contract before them failed: they would embed a stale build.
  const skipped = new Set<string>();
  for (const phase of buildPhases(root, outDir, sources)) {
    if ([...outcomes.values()].some((outcome) => outcome !== undefined && 'failure' in outcome)) {
      for (const source of phase) skipped.add(source.name);
      continue;
    }
    const contexts = phase.map((source) => ({ ...context, previous: previous?.contracts[source.name] }));
    const plans = phase.map((source, i) => planContract(contexts[i]!, source));
    const workers = Math.min(jobs, plans.filter((plan) => !plan.upToDate).length);
    const results = workers > 1 ? await buildInWorkers(workers, contexts, plans, options.onProgress) : await buildInThread(contexts, plans, options.onProgress);
    for (const [i, source] of phase.entries()) outcomes.set(source.name, results[i]);
  }

  const contracts: ContractBuild[] = [];
  const failures: CompilerError[] = [];
  const entries: Record<string, ManifestContract> = {};
  for (const source of sources) {
    const outcome = outcomes.get(source.name);
    const before = previous?.contracts[source.name];
    if (skipped.has(source.name) && before) entries[source.name] = before;
    if (outcome === undefined) continue;
    if ('result' in outcome) {
      contracts.push(outcome.result);
      entries[source.name] = outcome.result.manifest;
    } else {
      failures.push(outcome.failure);
      // Its previous outputs stay as they were, and so does their description.
      if (before) entries[source.name] = before;
    }
  }

  for (const [name, before] of Object.entries(previous?.contracts ?? {})) {
    if (sources.some((source) => source.name === name)) continue;
    // Building some contracts by name leaves the others as they are, while their source exists.
    if (options.contracts !== undefined && existsSync(join(root, before.source))) {
      entries[name] = before;
      continue;
    }
    for (const output of outputsOf(name)) rmSync(join(outDir, output), { force: true });
    for (let dir = dirname(join(outDir, name)); dir.startsWith(outDir) && dir !== outDir; dir = dirname(dir)) {
      if (!existsSync(dir) || readdirSync(dir).length > 0) break;
      rmdirSync(dir);
    }
    cache.delete(name);
  }
  const sorted = Object.fromEntries(
    Object.keys(entries)
      .sort()
      .map((name) => [name, entries[name]!]),
  );
  const manifest: Manifest = { format: 1, compiler: { name: COMPILER_NAME, version: COMPILER_VERSION }, contracts: sorted };
  const manifestPath = join(outDir, 'manifest.json');
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  if (!existsSync(manifestPath) || JSON.stringify(previous) !== JSON.stringify(manifest)) writeOutput(manifestPath, text);
  cache.save();

  if (failures.length > 0) throw mergeSourceErrors(failures);
  return {
    root,
    outDir,
    manifestPath,
    manifest,
    contracts,
    warnings: contracts.flatMap((contract) => contract.warnings),
    durationMs: performance.now() - started,
  };
}

/** A contract's result, or its source errors; undefined: not built, the build stopped before it. */
type Outcome = { result: ContractBuild } | { failure: CompilerError } | undefined;

function isSourceError(error: unknown): error is CompilerError {
  return error instanceof CompilerError && error.code === 'MASON_COMPILER_SOURCE_ERROR';
}

/** One contract after the other, asc in this thread; an error other than a source error stops the build. */
async function buildInThread(contexts: BuildContext[], plans: ContractPlan[], onProgress: BuildOptions['onProgress']): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [i, plan] of plans.entries()) {
    onProgress?.({ type: 'start', contract: plan.source.name });
    try {
      const result = await buildContract(contexts[i]!, plan);
      outcomes.push({ result });
      onProgress?.({ type: 'done', contract: result });
    } catch (error) {
      if (!isSourceError(error)) throw error;
      outcomes.push({ failure: error });
    }
  }
  return outcomes;
}

/**
 * Compiles in `workers` worker threads, started in source order; the rest (node checks, bundling,
 * writing) stays in this thread. An error other than a source error stops the build as in
 * buildInThread: contracts not yet started are not, those compiling finish, and the first such
 * error in source order is thrown.
 */
async function buildInWorkers(workers: number, contexts: BuildContext[], plans: ContractPlan[], onProgress: BuildOptions['onProgress']): Promise<Outcome[]> {
  // Loaded here: node:worker_threads alone adds ~3 ms to every `mason build`, also the no-change ones.
  const { CompileCancelled, CompilePool } = await import('./CompilePool.js');
  const pool = new CompilePool(workers);
  try {
    const settled = await Promise.all(
      plans.map(async (plan, i): Promise<Outcome | { fatal: unknown }> => {
        const name = plan.source.name;
        if (plan.upToDate) onProgress?.({ type: 'start', contract: name });
        try {
          const result = await buildContract(contexts[i]!, plan, (input) => pool.compile(input, () => onProgress?.({ type: 'start', contract: name })));
          onProgress?.({ type: 'done', contract: result });
          return { result };
        } catch (error) {
          if (isSourceError(error)) return { failure: error };
          if (error instanceof CompileCancelled) return undefined;
          pool.cancelQueued();
          return { fatal: error };
        }
      }),
    );
    const fatal = settled.find((outcome) => outcome !== undefined && 'fatal' in outcome);
    if (fatal) throw fatal.fatal;
    return settled as Outcome[];
  } finally {
    await pool.close();
  }
}

function mergeSourceErrors(failures: CompilerError[]): CompilerError {
  if (failures.length === 1) return failures[0]!;
  const diagnostics = failures.flatMap((failure) => failure.diagnostics);
  return new CompilerError(
    'MASON_COMPILER_SOURCE_ERROR',
    {
      count: diagnostics.length,
      contracts: failures.map((failure) => failure.context.contracts).join(', '),
      details: failures.map((failure) => failure.context.details).join('\n\n'),
    },
    diagnostics,
  );
}
