import type { CondomLimits } from './condomLimits.js';
import type { ParsedModule } from './parseModule.js';

const BLOAT = 'Blocked to prevent compile-time memory bloat';

function middlewareError(message: string): string {
  return `Error in middleware CondomMiddleware: ${message}`;
}

/**
 * Applies the node's condom middleware checks, in its order. Returns the compile error text, or
 * undefined when the module is within limits.
 */
export function checkCondomLimits(module: ParsedModule, limits: CondomLimits): string | undefined {
  if (module.exports.length > limits.maxExports) {
    return middlewareError(`The WASM file has too many exports. ${BLOAT}`);
  }
  if (module.importedFunctionCount + module.functionTypes.length > limits.maxFunctions) {
    return middlewareError(`The WASM file has too many functions. ${BLOAT}`);
  }
  for (const type of module.types) {
    if (type.params.length + type.results.length > limits.maxSignatureLength) {
      return middlewareError(
        `The WASM file contains a function with too many parameters and return values. ${BLOAT}`,
      );
    }
  }
  if (module.moduleName !== undefined && utf8Length(module.moduleName) > limits.maxModuleNameLength) {
    return middlewareError(`The WASM file has a too long name. ${BLOAT}`);
  }
  if (module.imports.length > limits.maxImports) {
    return middlewareError(`The WASM file has too many imports. ${BLOAT}`);
  }
  if (module.activeElementSegments > limits.maxTableInitializers) {
    return middlewareError(`The WASM file has too many table initializers. ${BLOAT}`);
  }
  if (module.passiveElementSegments > limits.maxPassiveElements) {
    return middlewareError(`The WASM file has too many passive elements. ${BLOAT}`);
  }
  if (module.passiveDataSegments > limits.maxPassiveData) {
    return middlewareError(`The WASM file has too many passive data. ${BLOAT}`);
  }
  if (module.definedGlobalCount > limits.maxGlobalInitializers) {
    return middlewareError(
      `The WASM file has too many global initializers (contains; ${module.definedGlobalCount} limit: ${limits.maxGlobalInitializers}). ${BLOAT}`,
    );
  }
  for (const name of module.functionNames) {
    const length = utf8Length(name);
    if (length > limits.maxFunctionNameLength) {
      return middlewareError(`The WASM file has too long function names (${name} is ${length}). ${BLOAT}`);
    }
  }
  if (module.tableCount > limits.maxTables) {
    return middlewareError(
      `The WASM file has too many tables (contains: ${module.tableCount} limit: ${limits.maxTables}). ${BLOAT}`,
    );
  }
  if (module.memories.length > limits.maxMemories) {
    return middlewareError(`The WASM file has too many memories. ${BLOAT}`);
  }
  const globals = module.importedGlobalCount + module.definedGlobalCount;
  if (globals > limits.maxGlobals) {
    return middlewareError(
      `The WASM file has too many globals (contains: ${globals}, limit: ${limits.maxGlobals}). ${BLOAT}`,
    );
  }
  // wasmer keys custom sections by name, so repeated names count once.
  const customNames: string[] = [];
  for (const section of module.customSections) {
    if (!customNames.includes(section.name)) customNames.push(section.name);
  }
  if (customNames.length > limits.maxCustomSections) {
    return middlewareError(`The WASM file has too many custom sections. ${BLOAT}`);
  }
  for (const section of module.customSections) {
    if (section.size > limits.maxCustomSectionSize) {
      const index = customNames.indexOf(section.name);
      return middlewareError(
        `The WASM file custom section CustomSectionIndex(${index}) named '${section.name}' with size ${section.size} is too big (limit: ${limits.maxCustomSectionSize}). ${BLOAT}`,
      );
    }
  }
  return undefined;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
