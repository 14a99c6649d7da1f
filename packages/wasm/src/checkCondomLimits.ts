import type { CondomLimits } from './condomLimits.js';
import type { ParsedModule } from './parseModule.js';

const BLOAT = 'Blocked to prevent compile-time memory bloat';

/** The first limit of the node's condom middleware a module exceeds. */
export interface CondomViolation {
  limit: keyof CondomLimits;
  /** What the module has: a count, or a byte length for names and custom sections. */
  actual: number;
  maximum: number;
  /** The function or custom section concerned, for the per-item limits. */
  item?: string;
  /** The node's compile error text, word for word. */
  nodeMessage: string;
}

function violation(limit: keyof CondomLimits, actual: number, limits: CondomLimits, message: string, item?: string): CondomViolation {
  return { limit, actual, maximum: limits[limit], ...(item !== undefined && { item }), nodeMessage: `Error in middleware CondomMiddleware: ${message}` };
}

/**
 * Applies the node's condom middleware checks, in its order. Returns the first violation, or
 * undefined when the module is within limits.
 */
export function checkCondomLimits(module: ParsedModule, limits: CondomLimits): CondomViolation | undefined {
  if (module.exports.length > limits.maxExports) {
    return violation('maxExports', module.exports.length, limits, `The WASM file has too many exports. ${BLOAT}`);
  }
  const functions = module.importedFunctionCount + module.functionTypes.length;
  if (functions > limits.maxFunctions) {
    return violation('maxFunctions', functions, limits, `The WASM file has too many functions. ${BLOAT}`);
  }
  for (const type of module.types) {
    const length = type.params.length + type.results.length;
    if (length > limits.maxSignatureLength) {
      return violation('maxSignatureLength', length, limits, `The WASM file contains a function with too many parameters and return values. ${BLOAT}`);
    }
  }
  if (module.moduleName !== undefined && utf8Length(module.moduleName) > limits.maxModuleNameLength) {
    return violation('maxModuleNameLength', utf8Length(module.moduleName), limits, `The WASM file has a too long name. ${BLOAT}`, module.moduleName);
  }
  if (module.imports.length > limits.maxImports) {
    return violation('maxImports', module.imports.length, limits, `The WASM file has too many imports. ${BLOAT}`);
  }
  if (module.activeElementSegments > limits.maxTableInitializers) {
    return violation('maxTableInitializers', module.activeElementSegments, limits, `The WASM file has too many table initializers. ${BLOAT}`);
  }
  if (module.passiveElementSegments > limits.maxPassiveElements) {
    return violation('maxPassiveElements', module.passiveElementSegments, limits, `The WASM file has too many passive elements. ${BLOAT}`);
  }
  if (module.passiveDataSegments > limits.maxPassiveData) {
    return violation('maxPassiveData', module.passiveDataSegments, limits, `The WASM file has too many passive data. ${BLOAT}`);
  }
  if (module.definedGlobalCount > limits.maxGlobalInitializers) {
    return violation(
      'maxGlobalInitializers',
      module.definedGlobalCount,
      limits,
      `The WASM file has too many global initializers (contains; ${module.definedGlobalCount} limit: ${limits.maxGlobalInitializers}). ${BLOAT}`,
    );
  }
  for (const name of module.functionNames) {
    const length = utf8Length(name);
    if (length > limits.maxFunctionNameLength) {
      return violation('maxFunctionNameLength', length, limits, `The WASM file has too long function names (${name} is ${length}). ${BLOAT}`, name);
    }
  }
  if (module.tableCount > limits.maxTables) {
    return violation(
      'maxTables',
      module.tableCount,
      limits,
      `The WASM file has too many tables (contains: ${module.tableCount} limit: ${limits.maxTables}). ${BLOAT}`,
    );
  }
  if (module.memories.length > limits.maxMemories) {
    return violation('maxMemories', module.memories.length, limits, `The WASM file has too many memories. ${BLOAT}`);
  }
  const globals = module.importedGlobalCount + module.definedGlobalCount;
  if (globals > limits.maxGlobals) {
    return violation('maxGlobals', globals, limits, `The WASM file has too many globals (contains: ${globals}, limit: ${limits.maxGlobals}). ${BLOAT}`);
  }
  // wasmer keys custom sections by name, so repeated names count once.
  const customNames: string[] = [];
  for (const section of module.customSections) {
    if (!customNames.includes(section.name)) customNames.push(section.name);
  }
  if (customNames.length > limits.maxCustomSections) {
    return violation('maxCustomSections', customNames.length, limits, `The WASM file has too many custom sections. ${BLOAT}`, customNames.join(', '));
  }
  for (const section of module.customSections) {
    if (section.size > limits.maxCustomSectionSize) {
      const index = customNames.indexOf(section.name);
      return violation(
        'maxCustomSectionSize',
        section.size,
        limits,
        `The WASM file custom section CustomSectionIndex(${index}) named '${section.name}' with size ${section.size} is too big (limit: ${limits.maxCustomSectionSize}). ${BLOAT}`,
        section.name,
      );
    }
  }
  return undefined;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
