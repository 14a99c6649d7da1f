import { canonicalizeCode, F32, F64, NAN_PRODUCING } from './canonicalizeNans.js';
import { MAX_MEMORY_PAGES } from './condomLimits.js';
import { ExternalKind, SectionId, type ParsedModule } from './parseModule.js';
import { InstructionKind, readInstruction } from './readInstruction.js';
import { WasmReader } from './WasmReader.js';
import { WasmWriter } from './WasmWriter.js';

/** Export names of the metering globals, as wasmer's metering middleware names them. */
export const REMAINING_POINTS_EXPORT = 'wasmer_metering_remaining_points';
export const POINTS_EXHAUSTED_EXPORT = 'wasmer_metering_points_exhausted';
/** The start function is exported under this name and run by the VM, so that it can be metered. */
export const START_EXPORT = '__mason_vm_start';
/** With `exportMutableGlobals`, mutable global `i` of the module is exported as this prefix + `i`. */
export const GLOBAL_EXPORT_PREFIX = '__mason_vm_global_';

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
 */
export function meterModule(module: ParsedModule, options: MeterOptions): Uint8Array {
  const remainingIndex = module.importedGlobalCount + module.definedGlobalCount;
  const exhaustedIndex = remainingIndex + 1;
  const out = new WasmWriter();
  out.bytes(module.bytes.subarray(0, 8));

  const present = new Set(module.sections.map((section) => section.id));
  const emitted = new Set<number>();
  const emitMissingBefore = (id: number): void => {
    // Sections the rewrite needs but the module lacks go at their canonical position.
    for (const needed of [SectionId.Global, SectionId.Export]) {
      if (needed < id && !present.has(needed) && !emitted.has(needed)) {
        emitted.add(needed);
        if (needed === SectionId.Global) out.section(SectionId.Global, globalSection(module, undefined, options));
        else out.section(SectionId.Export, exportSection(module, undefined, remainingIndex, exhaustedIndex, options));
      }
    }
  };

  for (const section of module.sections) {
    const order = section.id === SectionId.DataCount ? SectionId.Element + 0.5 : section.id;
    if (section.id !== SectionId.Custom) emitMissingBefore(order);
    const payload = module.bytes.subarray(section.start, section.end);
    switch (section.id) {
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
      case SectionId.Code:
        out.section(section.id, codeSection(module, remainingIndex, exhaustedIndex, options.operatorCost));
        break;
      default:
        out.byte(section.id).u32(payload.length).bytes(payload);
    }
  }
  emitMissingBefore(Number.POSITIVE_INFINITY);
  return out.toBytes();
}

function memorySection(module: ParsedModule, start: number, end: number): Uint8Array {
  const reader = new WasmReader(module.bytes, start, end);
  const count = reader.u32();
  const out = new WasmWriter().u32(count);
  for (let i = 0; i < count; i++) {
    const flags = reader.u8();
    const min = reader.u32();
    const max = flags === 1 ? reader.u32() : undefined;
    out.byte(1).u32(min).u32(max ?? Math.max(min, MAX_MEMORY_PAGES));
  }
  return out.toBytes();
}

function globalSection(
  module: ParsedModule,
  section: { start: number; end: number } | undefined,
  options: MeterOptions,
): Uint8Array {
  const out = new WasmWriter().u32(module.definedGlobalCount + 2);
  if (section) {
    const reader = new WasmReader(module.bytes, section.start, section.end);
    reader.u32();
    out.bytes(module.bytes.subarray(reader.pos, section.end));
  }
  out.byte(0x7e).byte(0x01).byte(0x42).i64(options.initialPoints).byte(0x0b);
  out.byte(0x7f).byte(0x01).byte(0x41).byte(0x00).byte(0x0b);
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
  const extra = (module.startFunction === undefined ? 2 : 3) + globals.length;
  const out = new WasmWriter().u32(module.exports.length + extra);
  if (section) {
    const reader = new WasmReader(module.bytes, section.start, section.end);
    reader.u32();
    out.bytes(module.bytes.subarray(reader.pos, section.end));
  }
  out.name(REMAINING_POINTS_EXPORT).byte(ExternalKind.Global).u32(remainingIndex);
  out.name(POINTS_EXHAUSTED_EXPORT).byte(ExternalKind.Global).u32(exhaustedIndex);
  if (module.startFunction !== undefined) {
    out.name(START_EXPORT).byte(ExternalKind.Function).u32(module.startFunction);
  }
  for (const index of globals) out.name(GLOBAL_EXPORT_PREFIX + index).byte(ExternalKind.Global).u32(index);
  return out.toBytes();
}

/** The mutable globals `exportMutableGlobals` exports: none when a name would collide. */
export function exportedMutableGlobals(module: ParsedModule): number[] {
  if (module.exports.some((entry) => entry.name.startsWith(GLOBAL_EXPORT_PREFIX))) return [];
  return module.mutableGlobals;
}

function chargeCode(remainingIndex: number, exhaustedIndex: number, cost: bigint): Uint8Array {
  return new WasmWriter()
    .byte(0x23).u32(remainingIndex) // global.get $remaining
    .byte(0x42).i64(cost) // i64.const cost
    .byte(0x54) // i64.lt_u
    .byte(0x04).byte(0x40) // if
    .byte(0x41).byte(0x01) // i32.const 1
    .byte(0x24).u32(exhaustedIndex) // global.set $exhausted
    .byte(0x00) // unreachable
    .byte(0x0b) // end
    .byte(0x23).u32(remainingIndex) // global.get $remaining
    .byte(0x42).i64(cost) // i64.const cost
    .byte(0x7d) // i64.sub
    .byte(0x24).u32(remainingIndex) // global.set $remaining
    .toBytes();
}

function codeSection(
  module: ParsedModule,
  remainingIndex: number,
  exhaustedIndex: number,
  operatorCost: bigint,
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
    let hasFloatResults = false;
    let depth = 0;
    for (;;) {
      if (reader.done) reader.fail('function body must end with END opcode');
      starts.push(reader.pos);
      const nanType = NAN_PRODUCING.get(module.bytes[reader.pos]!);
      const info = readInstruction(reader);
      accounting.push(info.accounting);
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
    let canonicalizeF32: Uint8Array | undefined;
    let canonicalizeF64: Uint8Array | undefined;
    if (hasFloatResults) {
      // two scratch locals after the existing ones: an f32 and an f64
      const params = module.types[module.functionTypes[functionIndex]!]!.params.length;
      const scratch = params + localCount;
      canonicalizeF32 = canonicalizeCode(F32, scratch);
      canonicalizeF64 = canonicalizeCode(F64, scratch + 1);
      body.u32(localGroups + 2).bytes(module.bytes.subarray(groupsStart, expressionStart));
      body.u32(1).byte(F32).u32(1).byte(F64);
    } else {
      body.bytes(module.bytes.subarray(start, expressionStart));
    }
    /** Copies instructions [from, to), each float result followed by its canonicalization. */
    const copy = (from: number, to: number) => {
      if (!hasFloatResults) {
        body.bytes(module.bytes.subarray(starts[from]!, starts[to]!));
        return;
      }
      let runStart = from;
      for (let k = from; k < to; k++) {
        const type = canonicalized[k];
        if (type === undefined) continue;
        body.bytes(module.bytes.subarray(starts[runStart]!, starts[k + 1]!));
        body.bytes(type === F32 ? canonicalizeF32! : canonicalizeF64!);
        runStart = k + 1;
      }
      body.bytes(module.bytes.subarray(starts[runStart]!, starts[to]!));
    };
    let segmentStart = 0;
    for (let i = 0; i < accounting.length; i++) {
      if (!accounting[i]) continue;
      body.bytes(charge(i - segmentStart + 1));
      copy(segmentStart, i + 1);
      segmentStart = i + 1;
    }
    out.u32(body.length).bytes(body.toBytes());
  });
  return out.toBytes();
}
