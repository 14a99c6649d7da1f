import { createHash } from 'node:crypto';
import type { GasCosts } from '../gas/GasCosts.js';
import type { CondomLimits } from '../wasm/condomLimits.js';
import { compileModule, type LoadedModule } from './compileModule.js';
import { InstancePool } from './InstancePool.js';

/**
 * Compiled modules by bytecode hash: a bytecode is validated, metered and compiled once, then
 * instantiated for every call (as the node's module cache does). Least recently used entries are
 * dropped past `maxEntries`. Finished instances of the cached modules wait in `instances` for the
 * next call.
 */
export class ModuleCache {
  private readonly entries = new Map<string, LoadedModule>();
  readonly instances = new InstancePool();
  hits = 0;
  misses = 0;

  constructor(
    private readonly gasCosts: GasCosts,
    private readonly limits: CondomLimits,
    private readonly maxEntries = 256,
  ) {}

  load(bytecode: Uint8Array): LoadedModule {
    const key = createHash('sha256').update(bytecode).digest('hex');
    const cached = this.entries.get(key);
    if (cached) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    this.misses++;
    const loaded = compileModule(bytecode, this.gasCosts, this.limits);
    this.entries.set(key, loaded);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (oldest !== undefined) {
        this.entries.delete(oldest[0]);
        if (oldest[1].ok) this.instances.forget(oldest[1].compiled);
      }
    }
    return loaded;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.instances.clear();
  }
}
