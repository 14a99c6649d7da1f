export { WasmReader } from './WasmReader.js';
export { WasmFormatError, isWasmError, wasmErrors, type WasmErrorCode } from './errors.js';
export { WasmWriter } from './WasmWriter.js';
export {
  parseModule,
  skipConstExpr,
  ExternalKind,
  SectionId,
  VALUE_TYPE_NAMES,
  type CodeBody,
  type ExportEntry,
  type FuncType,
  type ImportEntry,
  type Limits,
  type ParsedModule,
  type SectionRange,
} from './parseModule.js';
export { readInstruction, InstructionKind, type InstructionInfo } from './readInstruction.js';
export { NODE_CONDOM_LIMITS, MAX_MEMORY_PAGES, type CondomLimits } from './condomLimits.js';
export { checkCondomLimits, type CondomViolation } from './checkCondomLimits.js';
export { WasmSourceMap, formatPosition, isLibraryFile, type SourcePosition } from './WasmSourceMap.js';
export { encodeSourceMap, sourceMapSegments, type SourceMapJson, type SourceMapSegment } from './sourceMapSegments.js';
