import { ExternalKind, MAX_MEMORY_PAGES, WasmReader, WasmWriter, type ParsedModule } from '@mason/wasm';
import { exportedMutableGlobals, GLOBAL_EXPORT_PREFIX, POINTS_EXHAUSTED_EXPORT, REMAINING_POINTS_EXPORT, vmExportNames } from './meteredExports.js';

// The sections meterModule rewrites besides the code: each gains what the metering adds (a type
// and a table for the watchdog, three globals, their exports) and keeps the module's own entries.

/** Appends an entry to a vector section (count, entries), or makes a one-entry section. */
function appendEntry(module: ParsedModule, section: { start: number; end: number } | undefined, entry: Uint8Array): Uint8Array {
  if (!section) return new WasmWriter().u32(1).bytes(entry).toBytes();
  const reader = new WasmReader(module.bytes, section.start, section.end);
  const count = reader.u32();
  return new WasmWriter()
    .u32(count + 1)
    .bytes(module.bytes.subarray(reader.pos, section.end))
    .bytes(entry)
    .toBytes();
}

export function typeSection(module: ParsedModule, section: { start: number; end: number } | undefined): Uint8Array {
  return appendEntry(module, section, Uint8Array.of(0x60, 0x00, 0x00));
}

export function tableSection(module: ParsedModule, section: { start: number; end: number } | undefined): Uint8Array {
  return appendEntry(module, section, Uint8Array.of(0x70, 0x01, 0x01, 0x01));
}

export function memorySection(module: ParsedModule, start: number, end: number): Uint8Array {
  const reader = new WasmReader(module.bytes, start, end);
  const count = reader.u32();
  const out = new WasmWriter().u32(count);
  for (let i = 0; i < count; i++) {
    const flags = reader.u8();
    const min = reader.u32();
    const max = flags === 1 ? reader.u32() : undefined;
    out
      .byte(1)
      .u32(min)
      .u32(max ?? Math.max(min, MAX_MEMORY_PAGES));
  }
  return out.toBytes();
}

export function globalSection(module: ParsedModule, section: { start: number; end: number } | undefined, initialPoints: bigint): Uint8Array {
  const out = new WasmWriter().u32(module.definedGlobalCount + 3);
  if (section) {
    const reader = new WasmReader(module.bytes, section.start, section.end);
    reader.u32();
    out.bytes(module.bytes.subarray(reader.pos, section.end));
  }
  out.byte(0x7e).byte(0x01).byte(0x42).i64(initialPoints).byte(0x0b);
  out.byte(0x7f).byte(0x01).byte(0x41).byte(0x00).byte(0x0b);
  out.byte(0x7e).byte(0x01).byte(0x42).byte(0x00).byte(0x0b);
  return out.toBytes();
}

export function exportSection(
  module: ParsedModule,
  section: { start: number; end: number } | undefined,
  remainingIndex: number,
  exhaustedIndex: number,
  exportMutableGlobals: boolean,
): Uint8Array {
  const globals = exportMutableGlobals ? exportedMutableGlobals(module) : [];
  const extra = (module.startFunction === undefined ? 3 : 4) + globals.length;
  const out = new WasmWriter().u32(module.exports.length + extra);
  if (section) {
    const reader = new WasmReader(module.bytes, section.start, section.end);
    reader.u32();
    out.bytes(module.bytes.subarray(reader.pos, section.end));
  }
  out.name(REMAINING_POINTS_EXPORT).byte(ExternalKind.Global).u32(remainingIndex);
  out.name(POINTS_EXHAUSTED_EXPORT).byte(ExternalKind.Global).u32(exhaustedIndex);
  const names = vmExportNames(module);
  out.name(names.watchdog).byte(ExternalKind.Table).u32(module.tableCount);
  if (module.startFunction !== undefined) {
    out.name(names.start).byte(ExternalKind.Function).u32(module.startFunction);
  }
  for (const index of globals)
    out
      .name(GLOBAL_EXPORT_PREFIX + index)
      .byte(ExternalKind.Global)
      .u32(index);
  return out.toBytes();
}
