import { createHash } from 'node:crypto';
import type { GasCosts } from '../gas/GasCosts.js';
import type { CondomLimits } from '@mason/wasm';
import { compileModule, type CompiledModule, type LoadedModule, type ModuleTransform } from './compileModule.js';
import type { ExecutionContext, ModuleRunner } from './ExecutionContext.js';
import { InstancePool } from './InstancePool.js';
import { runFunction } from './runFunction.js';
import type { RunResponse } from './RunResponse.js';

export interface ModuleInstrumentation {
  transform: ModuleTransform;
  released?: (compiled: CompiledModule, instance: WebAssembly.Instance) => void;
}

interface CacheEntry {
  key: string;
  /** A private copy of the bytecode, to check an array seen before still holds it. */
  bytes: Uint8Array;
  loaded: LoadedModule;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/**
 * Compiled modules by bytecode hash: a bytecode is validated, metered and compiled once, then
 * instantiated for every call (as the node's module cache does). Least recently used entries are
 * dropped past `maxEntries`. Finished instances of the cached modules wait in `instances` for the
 * next call. An array loaded before (a ledger hands out the same one each call) is compared byte
 * for byte with the entry it gave instead of being hashed again.
 */
export class ModuleCache implements ModuleRunner {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly seen = new WeakMap<Uint8Array, CacheEntry>();
  readonly instances = new InstancePool();
  hits = 0;
  misses = 0;
  private transform: ModuleTransform | undefined;

  constructor(
    private readonly gasCosts: GasCosts,
    private readonly limits: CondomLimits,
    private readonly maxEntries = 256,
  ) {}

  load(bytecode: Uint8Array): LoadedModule {
    const seen = this.seen.get(bytecode);
    if (seen && this.entries.get(seen.key) === seen && sameBytes(seen.bytes, bytecode)) return this.hit(seen);
    const key = createHash('sha256').update(bytecode).digest('hex');
    const cached = this.entries.get(key);
    if (cached) {
      this.seen.set(bytecode, cached);
      return this.hit(cached);
    }
    this.misses++;
    const entry: CacheEntry = { key, bytes: bytecode.slice(), loaded: compileModule(bytecode, this.gasCosts, this.limits, key, this.transform) };
    this.entries.set(key, entry);
    this.seen.set(bytecode, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.values().next().value;
      if (oldest !== undefined) {
        this.entries.delete(oldest.key);
        if (oldest.loaded.ok) this.instances.forget(oldest.loaded.compiled);
      }
    }
    return entry.loaded;
  }

  /** Runs a function of a loaded module in `ctx`, on an instance of the pool (see runFunction). */
  run(ctx: ExecutionContext, compiled: CompiledModule, functionName: string, param: Uint8Array, limit: bigint): RunResponse {
    return runFunction(this.instances, ctx, compiled, functionName, param, limit);
  }

  /**
   * Rewrites every module from now on after metering (`transform`, gas unchanged) and shows each
   * instance to `released` once its execution is over: how coverage counts what contracts run.
   * Forgets the modules compiled before; undefined goes back to plain modules.
   */
  instrument(instrumentation: ModuleInstrumentation | undefined): void {
    this.transform = instrumentation?.transform;
    this.instances.released = instrumentation?.released;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.instances.clear();
  }

  private hit(entry: CacheEntry): LoadedModule {
    this.hits++;
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
    return entry.loaded;
  }
}
