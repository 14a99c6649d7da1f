import { abiImports } from './abiImports.js';
import { CompilerError } from './errors.js';
import { NODE_LIMITS } from './nodeLimits.js';
import { readWasmModule, VALUE_TYPE_NAMES, type WasmModule } from './wasm/readWasmModule.js';

function signature(params: readonly string[], results: readonly string[]): string {
  return `(${params.join(', ')}) -> (${results.join(', ')})`;
}

function limit(file: string, reason: string): never {
  throw new CompilerError('MASON_COMPILER_NODE_LIMIT', { file, reason });
}

/**
 * Parses `bytes` and throws the first reason a Massa node would refuse it as an AssemblyScript
 * contract: imports outside the node's host functions or with another signature, memory above
 * 64 pages, more than one custom section, missing runtime exports, condom limits (reference §7.2).
 */
export function checkMassaModule(bytes: Uint8Array, file: string): WasmModule {
  const module = readWasmModule(bytes, file);
  const hosts = abiImports();
  for (const entry of module.imports) {
    const name = `${entry.module}.${entry.name}`;
    if (entry.kind !== 'func') limit(file, `it imports ${entry.kind} ${name}; a node provides only functions`);
    const host = hosts.get(name);
    if (!host) throw new CompilerError('MASON_COMPILER_UNKNOWN_IMPORT', { file, import: name });
    const type = module.types[entry.type ?? -1];
    const params = type?.params.map((t) => VALUE_TYPE_NAMES[t] ?? `0x${t.toString(16)}`) ?? [];
    const results = type?.results.map((t) => VALUE_TYPE_NAMES[t] ?? `0x${t.toString(16)}`) ?? [];
    if (params.join() !== host.params.join() || results.join() !== host.results.join()) {
      throw new CompilerError('MASON_COMPILER_IMPORT_SIGNATURE', {
        file, import: name, actual: signature(params, results), expected: signature(host.params, host.results),
      });
    }
  }
  if (bytes.length > NODE_LIMITS.maxBytecodeLength) {
    limit(file, `it is ${bytes.length} bytes, above the ${NODE_LIMITS.maxBytecodeLength}-byte bytecode limit`);
  }
  if (module.memories.length !== 1) limit(file, `it has ${module.memories.length} memories; exactly one is needed`);
  const memory = module.memories[0]!;
  if (memory.initial > NODE_LIMITS.maxMemoryPages || (memory.maximum ?? 0) > NODE_LIMITS.maxMemoryPages) {
    limit(file, `its memory (${memory.initial}..${memory.maximum ?? '∞'} pages) exceeds ${NODE_LIMITS.maxMemoryPages} pages (4 MiB)`);
  }
  const customNames = new Set(module.customSections.map((section) => section.name));
  if (customNames.size > NODE_LIMITS.maxCustomSections) {
    limit(file, `it has ${customNames.size} custom sections (${[...customNames].join(', ')}); a node accepts one: do not combine a source map with debug info`);
  }
  for (const section of module.customSections) {
    if (section.size > NODE_LIMITS.maxCustomSectionSize) limit(file, `custom section "${section.name}" is ${section.size} bytes, above ${NODE_LIMITS.maxCustomSectionSize}`);
  }
  const exported = new Set(module.exports.map((entry) => entry.name));
  const missing = NODE_LIMITS.requiredExports.filter((name) => !exported.has(name));
  if (missing.length > 0) limit(file, `it does not export ${missing.join(', ')} (compile with exportRuntime and the incremental runtime)`);
  const counts: Array<[string, number, number]> = [
    ['exports', module.exports.length, NODE_LIMITS.maxExports],
    ['functions', module.functionImportCount + module.functions.length, NODE_LIMITS.maxFunctions],
    ['imports', module.imports.length, NODE_LIMITS.maxImports],
    ['table initializers', module.activeElementSegments, NODE_LIMITS.maxTableInitializers],
    ['passive element segments', module.passiveElementSegments, NODE_LIMITS.maxPassiveElements],
    ['passive data segments', module.passiveDataSegments, NODE_LIMITS.maxPassiveData],
    ['globals', module.globalCount, NODE_LIMITS.maxGlobals],
    ['tables', module.tableCount, NODE_LIMITS.maxTables],
  ];
  for (const [what, count, maximum] of counts) {
    if (count > maximum) limit(file, `it has ${count} ${what}, above the node's ${maximum}`);
  }
  for (const type of module.types) {
    if (type.params.length + type.results.length > NODE_LIMITS.maxSignatureLength) {
      limit(file, `a function type has ${type.params.length + type.results.length} parameters and results, above ${NODE_LIMITS.maxSignatureLength}`);
    }
  }
  return module;
}
