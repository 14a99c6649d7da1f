import { parseModule, WasmFormatError, type ParsedModule } from '@mason/wasm';
import { CompilerError } from './errors.js';

/** Parses a module as a node does; malformed or unsupported bytes throw MASON_COMPILER_INVALID_WASM naming `what`. */
export function parseWasm(bytes: Uint8Array, what: string): ParsedModule {
  try {
    return parseModule(bytes);
  } catch (error) {
    if (error instanceof WasmFormatError) throw new CompilerError('MASON_COMPILER_INVALID_WASM', { what, reason: error.message });
    throw error;
  }
}
