import { ExternalKind } from '@mason/wasm';
import { ABI_FORMAT } from '@mason/codec/base';
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { BuildCache, BuildCacheEntry } from './BuildCache.js';
import type { ContractBuild } from './ContractBuild.js';
import { EMBEDS_FILE } from './buildPhases.js';
import { bundleDeployer } from './bundleDeployer.js';
import { checkMassaModule } from './checkMassaModule.js';
import { compileContract, type CompileContractInput, type CompiledContract } from './compileContract.js';
import { COMPILER_VERSION } from './compilerPackage.js';
import { contractAscArguments } from './contractAscArguments.js';
import { displayPath } from './displayPath.js';
import { compilerWarning, type CompilerWarning } from './errors.js';
import type { FileHasher } from './FileHasher.js';
import type { InstalledPackage } from './findPackage.js';
import type { ContractSource } from './findContracts.js';
import type { DeployerTemplate } from './loadDeployerTemplate.js';
import type { ManifestContract, ManifestFile } from '@mason/codec/base';
import { abiOfFailure, matchExports } from './abi/inferAbi.js';
import { NODE_LIMITS } from './nodeLimits.js';
import type { ProjectAsconfig, ProjectTransform } from './projectAsconfig.js';
import { sha256Hex } from './sha256Hex.js';
import { writeOutput } from './writeOutput.js';

export interface BuildContext {
  root: string;
  outDir: string;
  sdk: InstalledPackage;
  ascVersion: string;
  /** Package roots asc searches after the project's node_modules (the compiler's own SDK). */
  paths: readonly string[];
  sourceMap: boolean;
  abi: boolean;
  force: boolean;
  /** The project's asconfig.json, when it has one. */
  asconfig: ProjectAsconfig | undefined;
  hasher: FileHasher;
  cache: BuildCache;
  previous: ManifestContract | undefined;
  templateKey: () => string;
  template: () => Promise<DeployerTemplate>;
}

function fileInfo(outDir: string, path: string, bytes: Uint8Array): ManifestFile {
  return { path: displayPath(outDir, path), size: bytes.length, sha256: sha256Hex(bytes) };
}

function write(ctx: BuildContext, path: string, bytes: Uint8Array): ManifestFile {
  writeOutput(path, bytes);
  const info = fileInfo(ctx.outDir, path, bytes);
  ctx.hasher.remember(path, info.sha256);
  return info;
}

function matches(ctx: BuildContext, path: string, info: ManifestFile | undefined): boolean {
  return info !== undefined && ctx.hasher.hash(path) === info.sha256;
}

/** Whether asc compiled in a source file of the SDK (reading its asconfig.json does not count). */
function usesSdk(files: Iterable<string>, sdkDir: string): boolean {
  const dirs = [sdkDir];
  try {
    dirs.push(realpathSync(sdkDir));
  } catch {
    // only the path as found
  }
  for (const file of files) if (file.endsWith('.ts') && dirs.some((dir) => file.startsWith(dir + sep))) return true;
  return false;
}

function transforms(ctx: BuildContext): readonly ProjectTransform[] {
  return ctx.asconfig?.transforms ?? [];
}

/** What a contract's build needs to know before compiling: where its outputs go, whether they are up to date. */
export interface ContractPlan {
  source: ContractSource;
  input: CompileContractInput;
  wasmPath: string;
  mapPath: string;
  deployerPath: string;
  abiPath: string;
  key: string;
  /** Nothing it was compiled from changed and its outputs are intact: asc need not run. */
  upToDate: boolean;
}

/** Decides whether one contract must be recompiled (hashing its inputs; no asc). */
export function planContract(ctx: BuildContext, source: ContractSource): ContractPlan {
  const wasmPath = join(ctx.outDir, `${source.name}.wasm`);
  const mapPath = `${wasmPath}.map`;
  const deployerPath = join(ctx.outDir, `${source.name}.deployer.wasm`);
  const abiPath = join(ctx.outDir, `${source.name}.abi.json`);
  const used = transforms(ctx);
  const input: CompileContractInput = {
    root: ctx.root,
    name: source.name,
    file: source.file,
    wasmPath,
    sdkDir: ctx.sdk.dir,
    paths: ctx.paths,
    sourceMap: ctx.sourceMap,
    abi: ctx.abi,
    transforms: used,
    asconfigArgs: ctx.asconfig?.args ?? [],
  };
  const key = sha256Hex(
    JSON.stringify({
      format: 1,
      abi: ctx.abi ? ABI_FORMAT : false,
      compiler: COMPILER_VERSION,
      asc: ctx.ascVersion,
      argv: contractAscArguments(input),
      ...(used.length > 0 && { transforms: used.map(({ path, sha256 }) => ({ path, sha256 })) }),
    }),
  );
  const cached = ctx.cache.get(source.name);
  const previous = ctx.previous;
  const upToDate =
    !ctx.force &&
    cached !== undefined &&
    previous !== undefined &&
    cached.key === key &&
    Object.entries(cached.files).every(([path, digest]) => ctx.hasher.hash(path) === digest) &&
    matches(ctx, wasmPath, previous.wasm) &&
    (ctx.abi ? matches(ctx, abiPath, previous.abi) : previous.abi === undefined) &&
    (previous.sourceMap === undefined || matches(ctx, mapPath, previous.sourceMap));
  return { source, input, wasmPath, mapPath, deployerPath, abiPath, key, upToDate };
}

/**
 * Brings one contract's outputs up to date: recompiles (with `compile`) when its key or any file
 * compiled in changed (or an output was altered), re-bundles the deployer when the contract or
 * the deployer template changed, and otherwise only checks hashes.
 */
export async function buildContract(
  ctx: BuildContext,
  plan: ContractPlan,
  compile: (input: CompileContractInput) => Promise<CompiledContract> = compileContract,
): Promise<ContractBuild> {
  const started = performance.now();
  const { source, input, wasmPath, mapPath, deployerPath, abiPath, key, upToDate } = plan;
  const cached = ctx.cache.get(source.name);
  const previous = ctx.previous;

  let manifest: ManifestContract;
  let entry: BuildCacheEntry;
  let wasm: Uint8Array | undefined;
  let compileMs = 0;
  if (upToDate) {
    manifest = previous!;
    entry = cached!;
  } else {
    const compileStarted = performance.now();
    const compiled = await compile(input);
    compileMs = compiled.compileMs ?? performance.now() - compileStarted;
    wasm = compiled.wasm;
    const shownWasm = displayPath(ctx.root, wasmPath);
    const module = checkMassaModule(wasm, shownWasm);
    const exports = module.exports.filter((e) => e.kind === ExternalKind.Function && !e.name.startsWith('__')).map((e) => e.name);
    for (const [path, digest] of compiled.files) ctx.hasher.remember(path, digest);
    const wasmInfo = write(ctx, wasmPath, wasm);
    let sourceMap: ManifestFile | undefined;
    if (compiled.sourceMap) sourceMap = write(ctx, mapPath, compiled.sourceMap);
    else if (existsSync(mapPath)) rmSync(mapPath);
    let abiInfo: ManifestFile | undefined;
    if (compiled.abi) {
      const abi = compiled.abiError === undefined ? matchExports(compiled.abi, exports) : abiOfFailure(compiled.abi, exports, compiled.abiError);
      abiInfo = write(ctx, abiPath, new TextEncoder().encode(`${JSON.stringify(abi, null, 2)}\n`));
    } else if (existsSync(abiPath)) rmSync(abiPath);
    manifest = {
      source: displayPath(ctx.root, source.file),
      wasm: wasmInfo,
      deployer: { path: displayPath(ctx.outDir, deployerPath), size: 0, sha256: '' },
      ...(sourceMap ? { sourceMap } : {}),
      ...(abiInfo ? { abi: abiInfo } : {}),
      exports,
      hasConstructor: exports.includes('constructor'),
      sdk: usesSdk(compiled.files.keys(), ctx.sdk.dir) ? { name: ctx.sdk.name, version: ctx.sdk.version } : null,
      asc: ctx.ascVersion,
      sources: [...compiled.files]
        .map(([path, sha256]) => ({ path: displayPath(ctx.root, path), sha256 }))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    };
    const warnings: CompilerWarning[] = compiled.warnings.map((diagnostic) =>
      compilerWarning(
        'MASON_COMPILER_ASC_WARNING',
        { ...diagnostic, where: diagnostic.file ? `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} - ` : '' },
        source.name,
      ),
    );
    if (transforms(ctx).length === 0 && readFileSync(source.file, 'utf8').includes(EMBEDS_FILE)) {
      warnings.push(compilerWarning('MASON_COMPILER_NO_TRANSFORM', { file: displayPath(ctx.root, source.file) }, source.name));
    }
    entry = { key, files: Object.fromEntries(compiled.files), template: '', warnings };
  }

  let bundleMs = 0;
  const templateKey = ctx.templateKey();
  const deployerUpToDate = upToDate && entry.template === templateKey && matches(ctx, deployerPath, manifest.deployer);
  if (!deployerUpToDate) {
    wasm ??= new Uint8Array(readFileSync(wasmPath));
    const template = await ctx.template();
    const bundleStarted = performance.now();
    const deployer = bundleDeployer(template.bytes, wasm, displayPath(ctx.root, wasmPath));
    const shownDeployer = displayPath(ctx.root, deployerPath);
    checkMassaModule(deployer, shownDeployer);
    bundleMs = performance.now() - bundleStarted;
    manifest = { ...manifest, deployer: write(ctx, deployerPath, deployer) };
    const warnings = entry.warnings.filter((warning) => warning.code !== 'MASON_COMPILER_DEPLOYER_EXCEEDS_BLOCK');
    if (deployer.length > NODE_LIMITS.maxBlockSize) {
      warnings.push(
        compilerWarning(
          'MASON_COMPILER_DEPLOYER_EXCEEDS_BLOCK',
          { file: shownDeployer, size: deployer.length, maximum: NODE_LIMITS.maxBlockSize },
          source.name,
        ),
      );
    }
    entry = { ...entry, template: template.key, warnings };
  }
  ctx.cache.set(source.name, entry);

  return {
    name: source.name,
    source: source.file,
    wasm: wasmPath,
    deployer: deployerPath,
    abi: ctx.abi ? abiPath : null,
    status: !upToDate ? 'compiled' : !deployerUpToDate ? 'bundled' : 'cached',
    timings: { compileMs, bundleMs, totalMs: performance.now() - started },
    warnings: entry.warnings,
    manifest,
  };
}
