import type { ParsedModule } from '@mason/wasm';

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

/** The mutable globals `exportMutableGlobals` exports: none when a name would collide. */
export function exportedMutableGlobals(module: ParsedModule): number[] {
  if (module.exports.some((entry) => entry.name.startsWith(GLOBAL_EXPORT_PREFIX))) return [];
  return module.mutableGlobals;
}
