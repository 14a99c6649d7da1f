import { checkCondomLimits, ExternalKind, MAX_MEMORY_PAGES, NODE_CONDOM_LIMITS, VALUE_TYPE_NAMES, type CondomViolation, type ParsedModule } from '@mason/wasm';
import { abiImports } from './abiImports.js';
import { CompilerError } from './errors.js';
import { NODE_LIMITS } from './nodeLimits.js';
import { parseWasm } from './parseWasm.js';

const KIND_NAMES = ['func', 'table', 'memory', 'global'] as const;

const COUNTED: Partial<Record<CondomViolation['limit'], string>> = {
  maxExports: 'exports',
  maxFunctions: 'functions',
  maxImports: 'imports',
  maxTableInitializers: 'table initializers',
  maxPassiveElements: 'passive element segments',
  maxPassiveData: 'passive data segments',
  maxGlobalInitializers: 'global initializers',
  maxGlobals: 'globals',
  maxTables: 'tables',
  maxMemories: 'memories',
};

function signature(params: readonly string[], results: readonly string[]): string {
  return `(${params.join(', ')}) -> (${results.join(', ')})`;
}

function limit(file: string, reason: string): never {
  throw new CompilerError('MASON_COMPILER_NODE_LIMIT', { file, reason });
}

/** Mason's wording of a condom limit the module exceeds (the node's own text says less). */
function describeViolation({ limit: which, actual, maximum, item }: CondomViolation): string {
  const counted = COUNTED[which];
  if (counted) return `it has ${actual} ${counted}, above the node's ${maximum}`;
  switch (which) {
    case 'maxSignatureLength':
      return `a function type has ${actual} parameters and results, above ${maximum}`;
    case 'maxCustomSections':
      return `it has ${actual} custom sections (${item}); a node accepts one: do not combine a source map with debug info`;
    case 'maxCustomSectionSize':
      return `custom section "${item}" is ${actual} bytes, above ${maximum}`;
    case 'maxModuleNameLength':
      return `its module name (name section) is ${actual} bytes long, above the node's ${maximum}`;
    default:
      return `the name of function ${item} is ${actual} bytes long, above the node's ${maximum} (names come from the name section: build without debug info, or shorten the name)`;
  }
}

/**
 * Parses `bytes` as a node does (the runtime's wasm features) and throws the first reason a Massa
 * node would refuse it as an AssemblyScript contract: imports outside the node's host functions or
 * with another signature, memory above 64 pages, missing runtime exports, and every limit of the
 * node's condom middleware (reference §7.2), the same checks the VM applies before running it.
 */
export function checkMassaModule(bytes: Uint8Array, file: string): ParsedModule {
  const module = parseWasm(bytes, file);
  const hosts = abiImports();
  for (const entry of module.imports) {
    const name = `${entry.module}.${entry.name}`;
    if (entry.kind !== ExternalKind.Function) limit(file, `it imports ${KIND_NAMES[entry.kind]} ${name}; a node provides only functions`);
    const host = hosts.get(name);
    if (!host) throw new CompilerError('MASON_COMPILER_UNKNOWN_IMPORT', { file, import: name });
    const type = module.types[entry.typeIndex];
    const params = type?.params.map((t) => VALUE_TYPE_NAMES[t] ?? `0x${t.toString(16)}`) ?? [];
    const results = type?.results.map((t) => VALUE_TYPE_NAMES[t] ?? `0x${t.toString(16)}`) ?? [];
    if (params.join() !== host.params.join() || results.join() !== host.results.join()) {
      throw new CompilerError('MASON_COMPILER_IMPORT_SIGNATURE', {
        file,
        import: name,
        actual: signature(params, results),
        expected: signature(host.params, host.results),
      });
    }
  }
  if (bytes.length > NODE_LIMITS.maxBytecodeLength) {
    limit(file, `it is ${bytes.length} bytes, above the ${NODE_LIMITS.maxBytecodeLength}-byte bytecode limit`);
  }
  if (module.memories.length !== 1) limit(file, `it has ${module.memories.length} memories; exactly one is needed`);
  const memory = module.memories[0]!;
  if (memory.min > MAX_MEMORY_PAGES || (memory.max ?? 0) > MAX_MEMORY_PAGES) {
    limit(file, `its memory (${memory.min}..${memory.max ?? '∞'} pages) exceeds ${MAX_MEMORY_PAGES} pages (4 MiB)`);
  }
  const exported = new Set(module.exports.map((entry) => entry.name));
  const missing = NODE_LIMITS.requiredExports.filter((name) => !exported.has(name));
  if (missing.length > 0) limit(file, `it does not export ${missing.join(', ')} (compile with exportRuntime and the incremental runtime)`);
  const violation = checkCondomLimits(module, NODE_CONDOM_LIMITS);
  if (violation) limit(file, describeViolation(violation));
  return module;
}
