import { InstructionKind, readInstruction } from './readInstruction.js';
import { WasmReader } from './WasmReader.js';

export const SectionId = {
  Custom: 0,
  Type: 1,
  Import: 2,
  Function: 3,
  Table: 4,
  Memory: 5,
  Global: 6,
  Export: 7,
  Start: 8,
  Element: 9,
  Code: 10,
  Data: 11,
  DataCount: 12,
} as const;
export type SectionId = (typeof SectionId)[keyof typeof SectionId];

export const ExternalKind = {
  Function: 0,
  Table: 1,
  Memory: 2,
  Global: 3,
} as const;
export type ExternalKind = (typeof ExternalKind)[keyof typeof ExternalKind];

/** Value types by their binary code, as the node's messages name them. */
export const VALUE_TYPE_NAMES: Readonly<Record<number, string>> = { 0x7f: 'i32', 0x7e: 'i64', 0x7d: 'f32', 0x7c: 'f64' };

export interface FuncType {
  params: number[];
  results: number[];
}

export interface Limits {
  min: number;
  max: number | undefined;
}

export interface ImportEntry {
  module: string;
  name: string;
  kind: ExternalKind;
  /** Function imports: index into `types`. */
  typeIndex: number;
}

export interface ExportEntry {
  name: string;
  kind: ExternalKind;
  index: number;
}

export interface SectionRange {
  id: number;
  /** Offset of the section id byte. */
  headerStart: number;
  /** Payload range. */
  start: number;
  end: number;
}

export interface CodeBody {
  /** Range of the body (locals + expression), without its size prefix. */
  start: number;
  end: number;
}

/** Structure of a module, as far as validation and metering need it. */
export interface ParsedModule {
  bytes: Uint8Array;
  sections: SectionRange[];
  types: FuncType[];
  imports: ImportEntry[];
  importedFunctionCount: number;
  importedGlobalCount: number;
  /** Type index of each defined function. */
  functionTypes: number[];
  tableCount: number;
  memories: Limits[];
  definedGlobalCount: number;
  /** Indices (in the global index space) of the mutable defined globals. */
  mutableGlobals: number[];
  exports: ExportEntry[];
  startFunction: number | undefined;
  activeElementSegments: number;
  passiveElementSegments: number;
  activeDataSegments: number;
  passiveDataSegments: number;
  /** Value of the data count section, when present. */
  dataCount: number | undefined;
  customSections: Array<{ name: string; size: number }>;
  moduleName: string | undefined;
  functionNames: string[];
  codeBodies: CodeBody[];
}

const MAGIC = [0x00, 0x61, 0x73, 0x6d];

function readLimits(reader: WasmReader): Limits {
  const flags = reader.u8();
  if (flags > 1) reader.fail(flags === 3 ? 'threads support is not enabled' : 'invalid limits flags', reader.pos - 1);
  const min = reader.u32();
  const max = flags === 1 ? reader.u32() : undefined;
  return { min, max };
}

/** Skips a constant expression (a global initializer, a segment offset) and its `end`. */
export function skipConstExpr(reader: WasmReader): void {
  for (;;) {
    if (readInstruction(reader).kind === InstructionKind.End) return;
  }
}

function readValueType(reader: WasmReader): number {
  const at = reader.pos;
  const type = reader.u8();
  if (type === 0x7f || type === 0x7e || type === 0x7d || type === 0x7c) return type;
  if (type === 0x7b) reader.fail('SIMD support is not enabled', at);
  if (type === 0x70 || type === 0x6f) reader.fail('reference types support is not enabled', at);
  return reader.fail('invalid value type', at);
}

function readTableType(reader: WasmReader): void {
  const at = reader.pos;
  const elementType = reader.u8();
  if (elementType !== 0x70) reader.fail('reference types support is not enabled', at);
  readLimits(reader);
}

/** Parses the sections of a wasm module; throws WasmFormatError on malformed input. */
export function parseModule(bytes: Uint8Array): ParsedModule {
  const reader = new WasmReader(bytes);
  for (const byte of MAGIC) {
    if (reader.u8() !== byte) reader.fail('magic header not detected: bad magic number', 0);
  }
  const version = reader.take(4);
  if (version[0] !== 1 || version[1] !== 0 || version[2] !== 0 || version[3] !== 0) {
    reader.fail('unknown binary version', 4);
  }

  const module: ParsedModule = {
    bytes,
    sections: [],
    types: [],
    imports: [],
    importedFunctionCount: 0,
    importedGlobalCount: 0,
    functionTypes: [],
    tableCount: 0,
    memories: [],
    definedGlobalCount: 0,
    mutableGlobals: [],
    exports: [],
    startFunction: undefined,
    activeElementSegments: 0,
    passiveElementSegments: 0,
    activeDataSegments: 0,
    passiveDataSegments: 0,
    dataCount: undefined,
    customSections: [],
    moduleName: undefined,
    functionNames: [],
    codeBodies: [],
  };

  let lastOrderedId = 0;
  while (!reader.done) {
    const headerStart = reader.pos;
    const id = reader.u8();
    const size = reader.u32();
    const start = reader.pos;
    const end = start + size;
    if (end > bytes.length) reader.fail('section out of bounds', headerStart);
    if (id !== SectionId.Custom) {
      // The data count section sits between import-like sections and code; compare by position.
      const order = id === SectionId.DataCount ? 9.5 : id;
      if (id > SectionId.DataCount) reader.fail(`malformed section id: ${id}`, headerStart);
      if (order <= lastOrderedId) reader.fail('section out of order', headerStart);
      lastOrderedId = order;
    }
    module.sections.push({ id, headerStart, start, end });
    const section = new WasmReader(bytes, start, end);
    parseSection(module, id, section);
    if (id !== SectionId.Custom && !section.done) section.fail('unexpected content after last section entry');
    reader.pos = end;
  }
  if (module.codeBodies.length !== module.functionTypes.length) {
    reader.fail('function and code section have inconsistent lengths');
  }
  return module;
}

function parseSection(module: ParsedModule, id: number, section: WasmReader): void {
  switch (id) {
    case SectionId.Custom: {
      const name = section.name();
      module.customSections.push({ name, size: section.end - section.pos });
      if (name === 'name') parseNameSection(module, section);
      return;
    }
    case SectionId.Type: {
      const count = section.u32();
      for (let i = 0; i < count; i++) {
        const at = section.pos;
        if (section.u8() !== 0x60) section.fail('invalid function type form', at);
        const params = Array.from({ length: section.u32() }, () => readValueType(section));
        const results = Array.from({ length: section.u32() }, () => readValueType(section));
        if (results.length > 1) {
          section.fail('func type returns multiple values but the multi-value feature is not enabled', at);
        }
        module.types.push({ params, results });
      }
      return;
    }
    case SectionId.Import: {
      const count = section.u32();
      for (let i = 0; i < count; i++) {
        const moduleName = section.name();
        const name = section.name();
        const kind = section.u8() as ExternalKind;
        let typeIndex = -1;
        switch (kind) {
          case ExternalKind.Function:
            typeIndex = section.u32();
            module.importedFunctionCount++;
            break;
          case ExternalKind.Table:
            readTableType(section);
            module.tableCount++;
            break;
          case ExternalKind.Memory:
            module.memories.push(readLimits(section));
            break;
          case ExternalKind.Global:
            readValueType(section);
            section.u8();
            module.importedGlobalCount++;
            break;
          default:
            section.fail('invalid external kind', section.pos - 1);
        }
        module.imports.push({ module: moduleName, name, kind, typeIndex });
      }
      return;
    }
    case SectionId.Function: {
      const count = section.u32();
      for (let i = 0; i < count; i++) module.functionTypes.push(section.u32());
      return;
    }
    case SectionId.Table: {
      const count = section.u32();
      for (let i = 0; i < count; i++) readTableType(section);
      module.tableCount += count;
      return;
    }
    case SectionId.Memory: {
      const count = section.u32();
      for (let i = 0; i < count; i++) module.memories.push(readLimits(section));
      return;
    }
    case SectionId.Global: {
      const count = section.u32();
      for (let i = 0; i < count; i++) {
        readValueType(section);
        if (section.u8() === 1) module.mutableGlobals.push(module.importedGlobalCount + i);
        skipConstExpr(section);
      }
      module.definedGlobalCount = count;
      return;
    }
    case SectionId.Export: {
      const count = section.u32();
      for (let i = 0; i < count; i++) {
        const name = section.name();
        const kind = section.u8() as ExternalKind;
        const index = section.u32();
        module.exports.push({ name, kind, index });
      }
      return;
    }
    case SectionId.Start:
      module.startFunction = section.u32();
      return;
    case SectionId.Element: {
      const count = section.u32();
      for (let i = 0; i < count; i++) parseElementSegment(module, section);
      return;
    }
    case SectionId.Code: {
      const count = section.u32();
      for (let i = 0; i < count; i++) {
        const size = section.u32();
        const start = section.pos;
        section.skip(size);
        module.codeBodies.push({ start, end: start + size });
      }
      return;
    }
    case SectionId.Data: {
      const count = section.u32();
      for (let i = 0; i < count; i++) {
        const flags = section.u32();
        if (flags === 1) {
          module.passiveDataSegments++;
        } else if (flags === 0 || flags === 2) {
          if (flags === 2) section.u32();
          skipConstExpr(section);
          module.activeDataSegments++;
        } else {
          section.fail('invalid data segment flags');
        }
        section.skip(section.u32());
      }
      return;
    }
    case SectionId.DataCount:
      module.dataCount = section.u32();
      return;
    default:
      section.fail(`malformed section id: ${id}`);
  }
}

function parseElementSegment(module: ParsedModule, section: WasmReader): void {
  const at = section.pos;
  const flags = section.u32();
  if (flags > 7) section.fail('invalid element segment flags', at);
  const passiveOrDeclarative = (flags & 1) !== 0;
  const explicitTable = (flags & 2) !== 0;
  const usesExpressions = (flags & 4) !== 0;
  if (passiveOrDeclarative && explicitTable) section.fail('reference types support is not enabled', at);
  if (!passiveOrDeclarative) {
    if (explicitTable) section.u32();
    skipConstExpr(section);
  }
  if (passiveOrDeclarative || explicitTable) {
    const kind = section.u8();
    if (usesExpressions ? kind !== 0x70 : kind !== 0x00) section.fail('reference types support is not enabled', at);
  }
  const count = section.u32();
  for (let i = 0; i < count; i++) {
    if (usesExpressions) skipConstExpr(section);
    else section.u32();
  }
  if (passiveOrDeclarative) module.passiveElementSegments++;
  else module.activeElementSegments++;
}

function parseNameSection(module: ParsedModule, section: WasmReader): void {
  // The name section is advisory: a malformed one is ignored, as engines do.
  try {
    while (!section.done) {
      const subId = section.u8();
      const size = section.u32();
      const sub = new WasmReader(section.bytes, section.pos, section.pos + size);
      if (subId === 0) module.moduleName = sub.name();
      if (subId === 1) {
        const count = sub.u32();
        for (let i = 0; i < count; i++) {
          sub.u32();
          module.functionNames.push(sub.name());
        }
      }
      section.skip(size);
    }
  } catch {
    return;
  }
}
