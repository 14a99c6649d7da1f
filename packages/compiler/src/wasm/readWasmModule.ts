import { WasmReader } from './WasmReader.js';

export const SECTION = {
  custom: 0, type: 1, import: 2, function: 3, table: 4, memory: 5, global: 6,
  export: 7, start: 8, element: 9, code: 10, data: 11, dataCount: 12,
} as const;

/** Import and export kinds, by their binary code. */
export const EXTERNAL_KINDS = ['func', 'table', 'memory', 'global'] as const;
export type ExternalKind = (typeof EXTERNAL_KINDS)[number];

export interface WasmSection {
  id: number;
  /** Offset of the section id byte. */
  headerStart: number;
  /** Payload range. */
  start: number;
  end: number;
}

export interface FuncType {
  params: number[];
  results: number[];
}

export interface WasmImport {
  module: string;
  name: string;
  kind: ExternalKind;
  /** Function imports: their type index. */
  type?: number;
}

export interface WasmExport {
  name: string;
  kind: ExternalKind;
  index: number;
}

export interface MemoryLimits {
  initial: number;
  maximum?: number;
}

/** What Mason needs of a module: node limits, exports, and enough to append to it. */
export interface WasmModule {
  bytes: Uint8Array;
  sections: WasmSection[];
  types: FuncType[];
  imports: WasmImport[];
  functionImportCount: number;
  /** Type index of each defined function. */
  functions: number[];
  tableCount: number;
  memories: MemoryLimits[];
  globalCount: number;
  exports: WasmExport[];
  activeElementSegments: number;
  passiveElementSegments: number;
  activeDataSegments: number;
  passiveDataSegments: number;
  /** Value of the data count section, when present. */
  dataCount?: number;
  customSections: Array<{ name: string; size: number }>;
}

export const VALUE_TYPE_NAMES: Record<number, string> = { 0x7f: 'i32', 0x7e: 'i64', 0x7d: 'f32', 0x7c: 'f64' };

function limits(reader: WasmReader): MemoryLimits {
  const flags = reader.u8();
  if (flags > 1) reader.fail(`unsupported limits flags ${flags}`, reader.pos - 1);
  const initial = reader.u32();
  return flags === 1 ? { initial, maximum: reader.u32() } : { initial };
}

/** Parses the sections of a module (not the function bodies). */
export function readWasmModule(bytes: Uint8Array, what = 'module'): WasmModule {
  const reader = new WasmReader(bytes, what);
  const header = reader.take(8);
  if (header[0] !== 0 || header[1] !== 0x61 || header[2] !== 0x73 || header[3] !== 0x6d) reader.fail('no wasm magic', 0);
  if (header[4] !== 1 || header[5] !== 0 || header[6] !== 0 || header[7] !== 0) reader.fail('unknown wasm version', 4);
  const module: WasmModule = {
    bytes, sections: [], types: [], imports: [], functionImportCount: 0, functions: [], tableCount: 0,
    memories: [], globalCount: 0, exports: [], activeElementSegments: 0, passiveElementSegments: 0,
    activeDataSegments: 0, passiveDataSegments: 0, customSections: [],
  };
  while (!reader.done) {
    const headerStart = reader.pos;
    const id = reader.u8();
    const size = reader.u32();
    const start = reader.pos;
    reader.skip(size);
    module.sections.push({ id, headerStart, start, end: reader.pos });
    readSection(module, id, new WasmReader(bytes, what, start, reader.pos));
  }
  return module;
}

function readSection(module: WasmModule, id: number, reader: WasmReader): void {
  if (id === SECTION.custom) {
    const name = reader.name();
    module.customSections.push({ name, size: reader.end - reader.pos });
    return;
  }
  const count = id === SECTION.start || id === SECTION.dataCount ? 1 : reader.u32();
  for (let i = 0; i < count; i++) {
    switch (id) {
      case SECTION.type: {
        if (reader.u8() !== 0x60) reader.fail('expected a function type', reader.pos - 1);
        const params = Array.from({ length: reader.u32() }, () => reader.u8());
        const results = Array.from({ length: reader.u32() }, () => reader.u8());
        module.types.push({ params, results });
        break;
      }
      case SECTION.import: {
        const moduleName = reader.name();
        const name = reader.name();
        const kind = EXTERNAL_KINDS[reader.u8()] ?? reader.fail('unknown import kind', reader.pos - 1);
        const entry: WasmImport = { module: moduleName, name, kind };
        if (kind === 'func') {
          entry.type = reader.u32();
          module.functionImportCount++;
        } else if (kind === 'table') {
          reader.u8();
          limits(reader);
          module.tableCount++;
        } else if (kind === 'memory') {
          module.memories.push(limits(reader));
        } else {
          reader.u8();
          reader.u8();
          module.globalCount++;
        }
        module.imports.push(entry);
        break;
      }
      case SECTION.function:
        module.functions.push(reader.u32());
        break;
      case SECTION.table:
        reader.u8();
        limits(reader);
        module.tableCount++;
        break;
      case SECTION.memory:
        module.memories.push(limits(reader));
        break;
      case SECTION.global:
        reader.u8();
        reader.u8();
        reader.skipConstExpr();
        module.globalCount++;
        break;
      case SECTION.export: {
        const name = reader.name();
        const kind = EXTERNAL_KINDS[reader.u8()] ?? reader.fail('unknown export kind', reader.pos - 1);
        module.exports.push({ name, kind, index: reader.u32() });
        break;
      }
      case SECTION.start:
        reader.u32();
        break;
      case SECTION.element:
        readElementSegment(module, reader);
        break;
      case SECTION.code:
        reader.skip(reader.u32());
        break;
      case SECTION.data: {
        const flags = reader.u32();
        if (flags === 1) {
          module.passiveDataSegments++;
        } else if (flags === 0 || flags === 2) {
          if (flags === 2) reader.u32();
          reader.skipConstExpr();
          module.activeDataSegments++;
        } else {
          reader.fail(`unknown data segment flags ${flags}`);
        }
        reader.skip(reader.u32());
        break;
      }
      case SECTION.dataCount:
        module.dataCount = reader.u32();
        break;
      default:
        reader.fail(`unknown section id ${id}`);
    }
  }
  if (!reader.done) reader.fail(`unexpected bytes at the end of section ${id}`);
}

function readElementSegment(module: WasmModule, reader: WasmReader): void {
  const flags = reader.u32();
  if (flags > 7) reader.fail(`unknown element segment flags ${flags}`);
  const passiveOrDeclarative = (flags & 1) !== 0;
  const explicitTable = (flags & 2) !== 0;
  const expressions = (flags & 4) !== 0;
  if (!passiveOrDeclarative) {
    if (explicitTable) reader.u32();
    reader.skipConstExpr();
  }
  if (passiveOrDeclarative || explicitTable) reader.u8();
  const count = reader.u32();
  for (let i = 0; i < count; i++) {
    if (expressions) reader.skipConstExpr();
    else reader.u32();
  }
  if (passiveOrDeclarative) module.passiveElementSegments++;
  else module.activeElementSegments++;
}
