import { createHash } from 'node:crypto';
import type { GasCosts } from '../gas/GasCosts.js';
import type { MeteredOffsets } from '../wasm/MeteredOffsets.js';
import { checkCondomLimits, ExternalKind, MAX_MEMORY_PAGES, parseModule, WasmFormatError, type CondomLimits, type ParsedModule } from '@mason/wasm';
import { findResetBlocker } from '../wasm/findResetBlocker.js';
import {
  exportedMutableGlobals,
  GLOBAL_EXPORT_PREFIX,
  meterModuleWithOffsets,
  POINTS_EXHAUSTED_EXPORT,
  REMAINING_POINTS_EXPORT,
  vmExportNames,
  type VmExportNames,
} from '../wasm/meterModule.js';
import { HOST_SIGNATURES } from './hostSignatureTable.js';
import { describeSignature, signatureLetters } from './hostSignatures.js';

export interface ExportedFunction {
  params: number;
  /** Wasm value type of the single result, if any. */
  result: number | undefined;
}

/** A module ready to be instantiated: validated, metered, compiled by V8. */
export interface CompiledModule {
  module: WebAssembly.Module;
  functions: ReadonlyMap<string, ExportedFunction>;
  hasStart: boolean;
  /** The names of the start function's and the watchdog table's exports in the metered module. */
  vmExports: VmExportNames;
  /** Why instantiation will fail (unknown import, memory over the cap, no memory export). */
  instanceError: string | undefined;
  /**
   * The exported mutable globals (the metering ones included) to restore when an instance is
   * reused; undefined when every call needs a fresh instance (see findResetBlocker).
   */
  resetGlobals: readonly string[] | undefined;
  /** Milliseconds spent validating, metering and compiling. */
  compileMs: number;
  /** sha256 (hex) of the original bytecode. */
  bytecodeHash: string;
  /** Maps offsets of the metered module's frames back to the original bytecode's. */
  offsets: MeteredOffsets;
}

export type LoadedModule = { ok: true; compiled: CompiledModule } | { ok: false; error: string };

/**
 * Rewrites a module once it is metered (so that what it adds costs no gas), e.g. to count coverage;
 * `toMetered` maps the new module's code offsets back. Undefined keeps the metered module.
 */
export type ModuleTransform = (
  metered: Uint8Array,
  module: { bytecodeHash: string; offsets: MeteredOffsets },
) => { bytes: Uint8Array; toMetered: (offset: number) => number } | undefined;

/**
 * Validates and prepares a bytecode the way the node's `RuntimeModule::new` does. A failure carries
 * the Display of the runtime's error (`Too small bytecode`, `VM instance error: …`).
 */
export function compileModule(
  bytecode: Uint8Array,
  gasCosts: GasCosts,
  limits: CondomLimits,
  bytecodeHash?: string,
  transform?: ModuleTransform,
): LoadedModule {
  const started = performance.now();
  if (bytecode.length <= 2) return { ok: false, error: 'Too small bytecode' };
  const runtime = bytecode[0]!;
  if (runtime === 1) {
    return { ok: false, error: 'Failed to compile WasmV1 module: WasmV1 modules are not supported by this VM' };
  }
  if (runtime !== 0) {
    return {
      ok: false,
      error: `Unsupported file format for SC(No discriminant in enum \`RuntimeModuleId\` matches the value \`${runtime}\`)`,
    };
  }

  let parsed: ParsedModule;
  let metered: Uint8Array;
  let offsets: MeteredOffsets;
  let resetGlobals: string[] | undefined;
  try {
    parsed = parseModule(bytecode);
    const condom = checkCondomLimits(parsed, limits);
    if (condom) return { ok: false, error: `VM instance error: ${condom.nodeMessage}` };
    ({ bytes: metered, offsets } = meterModuleWithOffsets(parsed, {
      operatorCost: gasCosts.operator,
      initialPoints: gasCosts.maxInstance,
      exportMutableGlobals: true,
    }));
    const exported = exportedMutableGlobals(parsed);
    if (exported.length === parsed.mutableGlobals.length && findResetBlocker(parsed) === undefined) {
      resetGlobals = [...exported.map((index) => GLOBAL_EXPORT_PREFIX + index), REMAINING_POINTS_EXPORT, POINTS_EXHAUSTED_EXPORT];
    }
  } catch (error) {
    if (error instanceof WasmFormatError) {
      return {
        ok: false,
        error: `VM instance error: WebAssembly translation error: Invalid input WebAssembly code at offset ${error.offset}: ${error.message.replace(/ \(at offset 0x[0-9a-f]+\)$/, '')}`,
      };
    }
    throw error;
  }

  const hash = bytecodeHash ?? createHash('sha256').update(bytecode).digest('hex');
  const rewritten = transform?.(metered, { bytecodeHash: hash, offsets });
  if (rewritten) {
    metered = rewritten.bytes;
    // Failure locations go through the rewrite, then the metering, back to the bytecode.
    offsets = offsets.after(rewritten.toMetered);
  }
  let module: WebAssembly.Module;
  try {
    module = new WebAssembly.Module(metered);
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/^WebAssembly\.Module\(\): /, '') : String(error);
    return { ok: false, error: `VM instance error: Validation error: ${message}` };
  }

  const functions = new Map<string, ExportedFunction>();
  for (const entry of parsed.exports) {
    if (entry.kind !== ExternalKind.Function) continue;
    const type = functionType(parsed, entry.index);
    if (type) functions.set(entry.name, { params: type.params.length, result: type.results[0] });
  }

  return {
    ok: true,
    compiled: {
      module,
      functions,
      hasStart: parsed.startFunction !== undefined,
      vmExports: vmExportNames(parsed),
      instanceError: findInstanceError(parsed),
      resetGlobals,
      compileMs: performance.now() - started,
      bytecodeHash: hash,
      offsets,
    },
  };
}

function functionType(module: ParsedModule, index: number) {
  if (index < module.importedFunctionCount) {
    const imported = module.imports.filter((entry) => entry.kind === ExternalKind.Function)[index];
    return imported ? module.types[imported.typeIndex] : undefined;
  }
  const typeIndex = module.functionTypes[index - module.importedFunctionCount];
  return typeIndex === undefined ? undefined : module.types[typeIndex];
}

function findInstanceError(module: ParsedModule): string | undefined {
  for (const entry of module.imports) {
    const namespace = entry.module === 'env' || entry.module === 'massa' ? HOST_SIGNATURES[entry.module] : undefined;
    const expected = namespace && Object.hasOwn(namespace, entry.name) ? namespace[entry.name] : undefined;
    const where = `Error while importing "${entry.module}"."${entry.name}"`;
    if (entry.kind !== ExternalKind.Function || !expected) {
      return `Link error: ${where}: unknown import. Expected ${importKind(module, entry)}`;
    }
    const type = module.types[entry.typeIndex];
    const actual = { params: signatureLetters(type?.params ?? []), results: signatureLetters(type?.results ?? []) };
    if (actual.params !== expected.params || actual.results !== expected.results) {
      return `Link error: ${where}: incompatible import type. Expected ${describeSignature(actual)} but received ${describeSignature(expected)}`;
    }
  }
  const memory = module.memories[0];
  if (memory && memory.min > MAX_MEMORY_PAGES) return 'Insufficient resources: Minimum exceeds the allowed memory limit';
  if (memory?.max !== undefined && memory.max > MAX_MEMORY_PAGES) {
    return 'Insufficient resources: Maximum exceeds the allowed memory limit';
  }
  if (!module.exports.some((entry) => entry.name === 'memory' && entry.kind === ExternalKind.Memory)) {
    return 'Missing export memory';
  }
  return undefined;
}

function importKind(module: ParsedModule, entry: ParsedModule['imports'][number]): string {
  switch (entry.kind) {
    case ExternalKind.Function: {
      const type = module.types[entry.typeIndex];
      return describeSignature({ params: signatureLetters(type?.params ?? []), results: signatureLetters(type?.results ?? []) });
    }
    case ExternalKind.Table:
      return 'Table';
    case ExternalKind.Memory:
      return 'Memory';
    default:
      return 'Global';
  }
}
