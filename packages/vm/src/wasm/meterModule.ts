import { SectionId, WasmWriter, type ParsedModule } from '@mason/wasm';
import { codeSection, type WatchdogIndices } from './meteredCode.js';
import { exportSection, globalSection, tableSection, typeSection, memorySection } from './meteredSections.js';
import { MeteredOffsets, OffsetRecorder } from './MeteredOffsets.js';

export {
  DEFAULT_VM_EXPORT_NAMES,
  exportedMutableGlobals,
  GLOBAL_EXPORT_PREFIX,
  POINTS_EXHAUSTED_EXPORT,
  REMAINING_POINTS_EXPORT,
  START_EXPORT,
  vmExportNames,
  WATCHDOG_TABLE_EXPORT,
  type VmExportNames,
} from './meteredExports.js';
export { WATCHDOG_WORK_INTERVAL } from './meteredCode.js';

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
        else if (needed === SectionId.Global) out.section(SectionId.Global, globalSection(module, undefined, options.initialPoints));
        else out.section(SectionId.Export, exportSection(module, undefined, remainingIndex, exhaustedIndex, options.exportMutableGlobals === true));
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
        out.section(section.id, globalSection(module, section, options.initialPoints));
        break;
      case SectionId.Export:
        emitted.add(SectionId.Export);
        out.section(section.id, exportSection(module, section, remainingIndex, exhaustedIndex, options.exportMutableGlobals === true));
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
