import { canonicalizeCode, F32, F64, NAN_PRODUCING } from './canonicalizeNans.js';
import { MeteredOffsets, OffsetRecorder } from './MeteredOffsets.js';
import { ExternalKind, InstructionKind, MAX_MEMORY_PAGES, readInstruction, SectionId, WasmReader, WasmWriter, type ParsedModule } from '@mason/wasm';

/** Export names of the metering globals, as wasmer's metering middleware names them. */
export const REMAINING_POINTS_EXPORT = 'wasmer_metering_remaining_points';
export const POINTS_EXHAUSTED_EXPORT = 'wasmer_metering_points_exhausted';
/** The start function is exported under this name (see vmExportNames) and run by the VM, so that it can be metered. */
export const START_EXPORT = '__mason_vm_start';
/** With `exportMutableGlobals`, mutable global `i` of the module is exported as this prefix + `i`. */
export const GLOBAL_EXPORT_PREFIX = '__mason_vm_global_';
/** A one-entry funcref table the VM fills with its deadline check (see execution/watchdog.ts). */
export const WATCHDOG_TABLE_EXPORT = '__mason_vm_watchdog';

/** The names under which a metered module exports what the VM added (see vmExportNames). */
export interface VmExportNames {
  start: string;
  watchdog: string;
}

/** What `vmExportNames` gives a module whose own exports use none of the names. */
export const DEFAULT_VM_EXPORT_NAMES: VmExportNames = Object.freeze({ start: START_EXPORT, watchdog: WATCHDOG_TABLE_EXPORT });

/**
 * START_EXPORT and WATCHDOG_TABLE_EXPORT, or, for a module that already exports one of these names
 * (a node accepts any export name), the first of `<name>_1`, `<name>_2`… it does not export: the
 * module loads and keeps its own exports, as on a node.
 */
export function vmExportNames(module: ParsedModule): VmExportNames {
  const taken = new Set(module.exports.map((entry) => entry.name));
  const free = (base: string) => {
    if (!taken.has(base)) return base;
    for (let suffix = 1; ; suffix++) if (!taken.has(`${base}_${suffix}`)) return `${base}_${suffix}`;
  };
  return { start: free(START_EXPORT), watchdog: free(WATCHDOG_TABLE_EXPORT) };
}
/**
 * Work between two deadline checks from wasm code: bytes of bulk memory/table operators (whose
 * time grows with their count operand while their gas does not), plus `LOCAL_WORK` per local of
 * functions with more than `MANY_LOCALS` locals (zeroed on every call). 64 MiB of memset is a few
 * milliseconds.
 */
export const WATCHDOG_WORK_INTERVAL = 64n * 1024n * 1024n;
const MANY_LOCALS = 256;
const LOCAL_WORK = 8;

export interface MeterOptions {
  /** Gas per executed operator (the node hard-codes 23). */
  operatorCost: bigint;
  /** Initial value of the remaining-points global (the node compiles with `max_instance`). */
  initialPoints: bigint;
  /**
   * Export the module's mutable globals (`GLOBAL_EXPORT_PREFIX` + index) so that the VM can put a
   * reused instance back to its initial state. Skipped when an export already uses the prefix.
   */
  exportMutableGlobals?: boolean;
}

/**
 * Rewrites a module so that it meters itself the way wasmer's metering middleware does: every
 * basic block (split after loop/end/if/else/br/br_if/br_table/call/call_indirect/return) costs
 * `operatorCost` per operator. The cost of a block is charged when the block is entered, which
 * consumes exactly the same total as wasmer (which charges just before the block's last operator)
 * since a block can only be entered at its first operator. An exhausted budget sets the
 * `points_exhausted` global and traps with `unreachable`.
 *
 * Also canonicalizes NaNs as the node's compilers do (see canonicalizeNans.ts), caps an
 * unbounded memory at 64 pages and turns the start section into an export.
 *
 * Unmetered work (not gas, which stays the node's): bulk operators and many-locals function
 * entries add to a work global; past `WATCHDOG_WORK_INTERVAL` the code calls entry 0 of an added
 * table (exported as `WATCHDOG_TABLE_EXPORT`, see vmExportNames), where the VM puts its wall-clock
 * deadline check.
 */
export function meterModule(module: ParsedModule, options: MeterOptions): Uint8Array {
  return meter(module, options, undefined);
}

/** meterModule, plus the map from the metered module's code offsets back to the original's (see MeteredOffsets). */
export function meterModuleWithOffsets(module: ParsedModule, options: MeterOptions): { bytes: Uint8Array; offsets: MeteredOffsets } {
  const recorder = new OffsetRecorder();
  const bytes = meter(module, options, recorder);
  const offsets = MeteredOffsets.build(
    recorder,
    module.codeBodies.map((body) => body.start),
    module.importedFunctionCount,
  );
  return { bytes, offsets };
}

function meter(module: ParsedModule, options: MeterOptions, recorder: OffsetRecorder | undefined): Uint8Array {
  const remainingIndex = module.importedGlobalCount + module.definedGlobalCount;
  const exhaustedIndex = remainingIndex + 1;
  const watchdog: WatchdogIndices = {
    work: exhaustedIndex + 1,
    type: module.types.length,
    table: module.tableCount,
  };
  const out = new WasmWriter();
  out.bytes(module.bytes.subarray(0, 8));

  const present = new Set(module.sections.map((section) => section.id));
  const emitted = new Set<number>();
  const emitMissingBefore = (id: number): void => {
    // Sections the rewrite needs but the module lacks go at their canonical position.
    for (const needed of [SectionId.Type, SectionId.Table, SectionId.Global, SectionId.Export]) {
      if (needed < id && !present.has(needed) && !emitted.has(needed)) {
        emitted.add(needed);
        if (needed === SectionId.Type) out.section(SectionId.Type, typeSection(module, undefined));
        else if (needed === SectionId.Table) out.section(SectionId.Table, tableSection(module, undefined));
        else if (needed === SectionId.Global) out.section(SectionId.Global, globalSection(module, undefined, options));
        else out.section(SectionId.Export, exportSection(module, undefined, remainingIndex, exhaustedIndex, options));
      }
    }
  };

  for (const section of module.sections) {
    const order = section.id === SectionId.DataCount ? SectionId.Element + 0.5 : section.id;
    if (section.id !== SectionId.Custom) emitMissingBefore(order);
    const payload = module.bytes.subarray(section.start, section.end);
    switch (section.id) {
      case SectionId.Type:
        emitted.add(SectionId.Type);
        out.section(section.id, typeSection(module, section));
        break;
      case SectionId.Table:
        emitted.add(SectionId.Table);
        out.section(section.id, tableSection(module, section));
        break;
      case SectionId.Memory:
        out.section(section.id, memorySection(module, section.start, section.end));
        break;
      case SectionId.Global:
        emitted.add(SectionId.Global);
        out.section(section.id, globalSection(module, section, options));
        break;
      case SectionId.Export:
        emitted.add(SectionId.Export);
        out.section(section.id, exportSection(module, section, remainingIndex, exhaustedIndex, options));
        break;
      case SectionId.Start:
        break;
      case SectionId.Code: {
        const code = codeSection(module, remainingIndex, exhaustedIndex, options.operatorCost, watchdog, recorder);
        // The recorded offsets are relative to the section's payload: made absolute.
        recorder?.shift(0, out.length + 1 + new WasmWriter(8).u32(code.length).length);
        out.section(section.id, code);
        break;
      }
      default:
        out.byte(section.id).u32(payload.length).bytes(payload);
    }
  }
  emitMissingBefore(Number.POSITIVE_INFINITY);
  return out.toBytes();
}

interface WatchdogIndices {
  /** The work global. */
  work: number;
  /** The added `() -> ()` type. */
  type: number;
  /** The added table. */
  table: number;
}

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

function typeSection(module: ParsedModule, section: { start: number; end: number } | undefined): Uint8Array {
  return appendEntry(module, section, Uint8Array.of(0x60, 0x00, 0x00));
}

function tableSection(module: ParsedModule, section: { start: number; end: number } | undefined): Uint8Array {
  return appendEntry(module, section, Uint8Array.of(0x70, 0x01, 0x01, 0x01));
}

function memorySection(module: ParsedModule, start: number, end: number): Uint8Array {
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

function globalSection(module: ParsedModule, section: { start: number; end: number } | undefined, options: MeterOptions): Uint8Array {
  const out = new WasmWriter().u32(module.definedGlobalCount + 3);
  if (section) {
    const reader = new WasmReader(module.bytes, section.start, section.end);
    reader.u32();
    out.bytes(module.bytes.subarray(reader.pos, section.end));
  }
  out.byte(0x7e).byte(0x01).byte(0x42).i64(options.initialPoints).byte(0x0b);
  out.byte(0x7f).byte(0x01).byte(0x41).byte(0x00).byte(0x0b);
  out.byte(0x7e).byte(0x01).byte(0x42).byte(0x00).byte(0x0b);
  return out.toBytes();
}

function exportSection(
  module: ParsedModule,
  section: { start: number; end: number } | undefined,
  remainingIndex: number,
  exhaustedIndex: number,
  options: MeterOptions,
): Uint8Array {
  const globals = options.exportMutableGlobals ? exportedMutableGlobals(module) : [];
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

/** The mutable globals `exportMutableGlobals` exports: none when a name would collide. */
export function exportedMutableGlobals(module: ParsedModule): number[] {
  if (module.exports.some((entry) => entry.name.startsWith(GLOBAL_EXPORT_PREFIX))) return [];
  return module.mutableGlobals;
}

function chargeCode(remainingIndex: number, exhaustedIndex: number, cost: bigint): Uint8Array {
  return new WasmWriter()
    .byte(0x23)
    .u32(remainingIndex) // global.get $remaining
    .byte(0x42)
    .i64(cost) // i64.const cost
    .byte(0x54) // i64.lt_u
    .byte(0x04)
    .byte(0x40) // if
    .byte(0x41)
    .byte(0x01) // i32.const 1
    .byte(0x24)
    .u32(exhaustedIndex) // global.set $exhausted
    .byte(0x00) // unreachable
    .byte(0x0b) // end
    .byte(0x23)
    .u32(remainingIndex) // global.get $remaining
    .byte(0x42)
    .i64(cost) // i64.const cost
    .byte(0x7d) // i64.sub
    .byte(0x24)
    .u32(remainingIndex) // global.set $remaining
    .toBytes();
}

/** Adds `work` (on the stack as an i64) to the work global; past the interval, calls the check. */
function addWorkCode(watchdog: WatchdogIndices): Uint8Array {
  return new WasmWriter()
    .byte(0x23)
    .u32(watchdog.work) // global.get $work
    .byte(0x7c) // i64.add
    .byte(0x24)
    .u32(watchdog.work) // global.set $work
    .byte(0x23)
    .u32(watchdog.work) // global.get $work
    .byte(0x42)
    .i64(WATCHDOG_WORK_INTERVAL) // i64.const interval
    .byte(0x56) // i64.gt_u
    .byte(0x04)
    .byte(0x40) // if
    .byte(0x42)
    .byte(0x00) // i64.const 0
    .byte(0x24)
    .u32(watchdog.work) // global.set $work
    .byte(0x41)
    .byte(0x00) // i32.const 0
    .byte(0x11)
    .u32(watchdog.type)
    .u32(watchdog.table) // call_indirect (type $check) $watchdog
    .byte(0x0b) // end
    .toBytes();
}

/** Before a bulk operator: its count operand (top of the stack, kept there) is added as work. */
function bulkWorkCode(scratch: number, watchdog: WatchdogIndices): Uint8Array {
  return new WasmWriter()
    .byte(0x22)
    .u32(scratch) // local.tee $scratch
    .byte(0xad) // i64.extend_i32_u
    .bytes(addWorkCode(watchdog))
    .byte(0x20)
    .u32(scratch) // local.get $scratch
    .toBytes();
}

function codeSection(
  module: ParsedModule,
  remainingIndex: number,
  exhaustedIndex: number,
  operatorCost: bigint,
  watchdog: WatchdogIndices,
  recorder: OffsetRecorder | undefined,
): Uint8Array {
  const charges = new Map<number, Uint8Array>();
  const charge = (operators: number): Uint8Array => {
    let code = charges.get(operators);
    if (!code) {
      code = chargeCode(remainingIndex, exhaustedIndex, operatorCost * BigInt(operators));
      charges.set(operators, code);
    }
    return code;
  };

  const out = new WasmWriter().u32(module.codeBodies.length);
  const body = new WasmWriter();
  module.codeBodies.forEach(({ start, end }, functionIndex) => {
    const reader = new WasmReader(module.bytes, start, end);
    const localGroups = reader.u32();
    const groupsStart = reader.pos;
    let localCount = 0;
    for (let i = 0; i < localGroups; i++) {
      localCount += reader.u32();
      reader.u8();
    }
    const expressionStart = reader.pos;

    // First pass: instruction boundaries, the ends of basic blocks, the float results to canonicalize.
    const starts: number[] = [];
    const accounting: boolean[] = [];
    const canonicalized: Array<typeof F32 | typeof F64 | undefined> = [];
    const bulk: boolean[] = [];
    let hasFloatResults = false;
    let hasBulk = false;
    let depth = 0;
    for (;;) {
      if (reader.done) reader.fail('function body must end with END opcode');
      starts.push(reader.pos);
      const nanType = NAN_PRODUCING.get(module.bytes[reader.pos]!);
      const info = readInstruction(reader);
      accounting.push(info.accounting);
      bulk.push(info.bulk === true);
      if (info.bulk) hasBulk = true;
      canonicalized.push(nanType);
      if (nanType !== undefined) hasFloatResults = true;
      if (info.kind === InstructionKind.Open) depth++;
      else if (info.kind === InstructionKind.End) {
        if (depth === 0) break;
        depth--;
      }
    }
    if (!reader.done) reader.fail('operators remaining after end of function');
    starts.push(end);

    body.length = 0;
    const firstRun = recorder?.metered.length ?? 0;
    // Locals, and code inserted before an instruction, map to the instruction (or the body) they belong to.
    recorder?.run(0, start, false);
    let canonicalizeF32: Uint8Array | undefined;
    let canonicalizeF64: Uint8Array | undefined;
    let bulkWork: Uint8Array | undefined;
    if (hasFloatResults || hasBulk) {
      // scratch locals after the existing ones: an f32 and an f64, then an i32
      const params = module.types[module.functionTypes[functionIndex]!]!.params.length;
      let scratch = params + localCount;
      const groups = new WasmWriter();
      let extraGroups = 0;
      if (hasFloatResults) {
        canonicalizeF32 = canonicalizeCode(F32, scratch);
        canonicalizeF64 = canonicalizeCode(F64, scratch + 1);
        groups.u32(1).byte(F32).u32(1).byte(F64);
        extraGroups += 2;
        scratch += 2;
      }
      if (hasBulk) {
        bulkWork = bulkWorkCode(scratch, watchdog);
        groups.u32(1).byte(0x7f);
        extraGroups += 1;
      }
      body.u32(localGroups + extraGroups).bytes(module.bytes.subarray(groupsStart, expressionStart));
      body.bytes(groups.toBytes());
    } else {
      body.bytes(module.bytes.subarray(start, expressionStart));
    }
    if (localCount > MANY_LOCALS) {
      recorder?.run(body.length, starts[0]!, false);
      body
        .byte(0x42)
        .i64(BigInt(localCount * LOCAL_WORK))
        .bytes(addWorkCode(watchdog));
    }
    /** Copies instructions [from, to): bulk operators preceded by their work, float results followed by their canonicalization. */
    const copy = (from: number, to: number) => {
      if (!hasFloatResults && !hasBulk) {
        recorder?.run(body.length, starts[from]!, true);
        body.bytes(module.bytes.subarray(starts[from]!, starts[to]!));
        return;
      }
      let runStart = from;
      for (let k = from; k < to; k++) {
        if (bulk[k]) {
          recorder?.run(body.length, starts[runStart]!, true);
          body.bytes(module.bytes.subarray(starts[runStart]!, starts[k]!));
          recorder?.run(body.length, starts[k]!, false);
          body.bytes(bulkWork!);
          runStart = k;
        }
        const type = canonicalized[k];
        if (type === undefined) continue;
        recorder?.run(body.length, starts[runStart]!, true);
        body.bytes(module.bytes.subarray(starts[runStart]!, starts[k + 1]!));
        recorder?.run(body.length, starts[k]!, false);
        body.bytes(type === F32 ? canonicalizeF32! : canonicalizeF64!);
        runStart = k + 1;
      }
      recorder?.run(body.length, starts[runStart]!, true);
      body.bytes(module.bytes.subarray(starts[runStart]!, starts[to]!));
    };
    let segmentStart = 0;
    for (let i = 0; i < accounting.length; i++) {
      if (!accounting[i]) continue;
      recorder?.run(body.length, starts[segmentStart]!, false);
      body.bytes(charge(i - segmentStart + 1));
      copy(segmentStart, i + 1);
      segmentStart = i + 1;
    }
    out.u32(body.length);
    recorder?.shift(firstRun, out.length);
    out.bytes(body.toBytes());
  });
  return out.toBytes();
}
