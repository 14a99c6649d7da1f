import { blake3, encodeBase58check } from '@mason/codec';
import type { CompiledModule } from './compileModule.js';
import type { ExecutionHost } from './ExecutionContext.js';
import { detail, type FailureDetail } from './failures.js';

/** The node's `CacheError`: Display `Load error: …` or `VM error: …`. */
export class ModuleLoadError extends Error {
  constructor(
    readonly display: string,
    readonly detail: FailureDetail,
  ) {
    super(display);
    this.name = 'ModuleLoadError';
  }
}

/**
 * The node's module cache entry points: `load_module` (stored bytecode: CallSC, `call`,
 * `local_call`, `function_exists`) and `load_tmp_module` (one-off bytecode: ExecuteSC, read-only
 * bytecode, `local_execution`). Both require at least `max_instance` gas without spending it.
 */
export function loadModule(host: ExecutionHost, bytecode: Uint8Array, gas: bigint, kind: 'stored' | 'temporary'): CompiledModule {
  const minimum = host.gasCosts.maxInstance;
  const maxLength = host.limits.maxBytecodeSize;
  const gasError = () =>
    new ModuleLoadError(
      `Load error: Provided gas ${gas} is lower than the base instance creation gas cost ${minimum}`,
      detail('MASON_VM_GAS_BELOW_INSTANCE_COST', { gas, minimum }),
    );
  const invalid = (reason: string, display: string) => new ModuleLoadError(display, detail('MASON_VM_INVALID_BYTECODE', { reason }));

  if (kind === 'stored') {
    if (gas < minimum) throw gasError();
    if (bytecode.length === 0) {
      throw invalid('no bytecode', 'Load error: invalid module: load_module: bytecode is absent');
    }
    if (bytecode.length > maxLength) {
      const reason = `load_module: bytecode length ${bytecode.length} exceeds max module length ${maxLength}`;
      throw invalid(reason, `Load error: invalid module: ${reason}`);
    }
    const loaded = host.modules.load(bytecode);
    if (!loaded.ok) {
      const hash = encodeBase58check(blake3(bytecode));
      throw invalid(loaded.error, `Load error: invalid module: compilation of module ${hash} failed: ${loaded.error}`);
    }
    return loaded.compiled;
  }

  if (bytecode.length === 0) throw invalid('no bytecode', 'Load error: load_tmp_module: bytecode is absent');
  if (bytecode.length > maxLength) {
    const reason = `load_tmp_module: bytecode length ${bytecode.length} exceeds max module length ${maxLength}`;
    throw invalid(reason, `Load error: ${reason}`);
  }
  if (gas < minimum) throw gasError();
  const loaded = host.modules.load(bytecode);
  if (!loaded.ok) throw invalid(loaded.error, `VM error: ${loaded.error}`);
  return loaded.compiled;
}
