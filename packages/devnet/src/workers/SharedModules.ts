import type { ModuleCache } from '@mason/vm';

/**
 * Inline mode: the compiled modules that a node's execution VM and read-only VM share, both
 * running on the node's thread. A bytecode is then validated, metered and compiled once instead
 * of once per VM (a contract's first call no longer compiles it again for its gas estimate).
 * The first VM created puts its cache here; the other one uses it. A cache is keyed by bytecode
 * alone: both VMs must keep the same gas table and condom limits (today both the node's defaults).
 */
export interface SharedModules {
  modules?: ModuleCache;
}

/** The `moduleCache` option for a VM that shares `shared` (none: the VM makes its own). */
export function sharedModuleCache(shared: SharedModules | undefined): { moduleCache?: ModuleCache } {
  return shared?.modules ? { moduleCache: shared.modules } : {};
}

/** Records the cache of the first VM created, for the next one. */
export function shareModules(shared: SharedModules | undefined, modules: ModuleCache): void {
  if (shared) shared.modules ??= modules;
}
