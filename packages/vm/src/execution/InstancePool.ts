import type { CompiledModule } from './compileModule.js';
import type { ExecutionContext } from './ExecutionContext.js';
import { createImports } from './hostFunctions/createImports.js';
import { InstanceEnv } from './InstanceEnv.js';

/** An instance checked out for one execution, in its module's initial state. */
export interface PooledInstance {
  readonly instance: WebAssembly.Instance;
  readonly env: InstanceEnv;
}

interface ReusableInstance extends PooledInstance {
  readonly memory: WebAssembly.Memory;
  /** The memory's buffer at instantiation: replaced when the memory grows. */
  readonly buffer: ArrayBuffer;
  readonly globals: WebAssembly.Global[];
}

/** What a fresh instance of a module holds before its start function runs. */
interface InitialState {
  image: Uint8Array;
  globals: Array<number | bigint>;
  idle: ReusableInstance[];
}

/**
 * Instances of compiled modules kept between executions: a fresh instance costs a memory
 * reservation, the host-function closures and V8's instantiation (most of an empty call's cost),
 * so a finished instance is put back to the state a fresh one has (memory image after data
 * segments, mutable globals, metering globals) and handed to the next execution of its module.
 *
 * An instance is checked out while it runs, so a nested call of the same module gets another one.
 * It is not reused when its memory has grown (a memory cannot shrink), when its module changes
 * state that JavaScript cannot restore (see findResetBlocker) or has a NaN-valued float global
 * (whose bits a JavaScript number may not keep). At most `maxIdle` instances wait, over all modules;
 * the least recently released module loses its instances first.
 */
export class InstancePool {
  /** Per module: its initial state, or null when its instances are never reused. */
  private readonly states = new Map<CompiledModule, InitialState | null>();
  private idleCount = 0;
  created = 0;
  reused = 0;
  /** Sees each instance once its execution is over, before it is reset (see ModuleCache.instrument). */
  released: ((compiled: CompiledModule, instance: WebAssembly.Instance) => void) | undefined;

  constructor(readonly maxIdle = 16) {}

  /** An instance of `compiled` for an execution in `ctx`; throws what `WebAssembly.Instance` throws. */
  acquire(compiled: CompiledModule, ctx: ExecutionContext): PooledInstance {
    const state = this.states.get(compiled);
    const idle = state?.idle.pop();
    if (idle) {
      this.idleCount--;
      idle.env.bind(ctx);
      this.reused++;
      return idle;
    }
    const env = new InstanceEnv(ctx);
    const instance = new WebAssembly.Instance(compiled.module, createImports(env));
    env.attach(instance, compiled.vmExports.watchdog);
    this.created++;
    const memory = instance.exports.memory;
    if (compiled.resetGlobals === undefined || state === null || !(memory instanceof WebAssembly.Memory)) return { instance, env };
    const globals = compiled.resetGlobals.map((name) => instance.exports[name] as WebAssembly.Global);
    if (state === undefined) this.states.set(compiled, captureInitialState(memory, globals));
    const reusable: ReusableInstance = { instance, env, memory, buffer: memory.buffer, globals };
    return reusable;
  }

  /** Gives back an instance once its execution is over, however it ended. */
  release(compiled: CompiledModule, pooled: PooledInstance): void {
    this.released?.(compiled, pooled.instance);
    const state = this.states.get(compiled);
    if (!state || !('buffer' in pooled)) return;
    const reusable = pooled as ReusableInstance;
    if (reusable.memory.buffer !== reusable.buffer) return;
    new Uint8Array(reusable.buffer).set(state.image);
    const globals = reusable.globals;
    for (let i = 0; i < globals.length; i++) globals[i]!.value = state.globals[i]!;
    state.idle.push(reusable);
    this.idleCount++;
    this.states.delete(compiled);
    this.states.set(compiled, state);
    if (this.idleCount > this.maxIdle) this.evictOne();
  }

  /** Drops the instances of a module (its cache entry is gone). */
  forget(compiled: CompiledModule): void {
    const state = this.states.get(compiled);
    if (state) this.idleCount -= state.idle.length;
    this.states.delete(compiled);
  }

  clear(): void {
    this.states.clear();
    this.idleCount = 0;
  }

  /** Instances waiting for their module's next execution. */
  get idle(): number {
    return this.idleCount;
  }

  private evictOne(): void {
    for (const state of this.states.values()) {
      if (state && state.idle.length > 0) {
        state.idle.shift();
        this.idleCount--;
        return;
      }
    }
  }
}

function captureInitialState(memory: WebAssembly.Memory, globals: WebAssembly.Global[]): InitialState | null {
  const values = globals.map((global) => global.value as number | bigint);
  if (values.some((value) => typeof value === 'number' && Number.isNaN(value))) return null;
  return { image: new Uint8Array(memory.buffer).slice(), globals: values, idle: [] };
}
