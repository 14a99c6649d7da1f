import { ContextError, hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { tracedAbi } from '../../trace/tracedAbi.js';

// Host functions receive raw wasm values: i32/f64 as numbers, i64 as bigints.
export type HostFunction = (...args: any[]) => number | bigint | void;
export type HostFunctions = Record<string, HostFunction>;

/**
 * Wraps the body of a metered `massa` ABI: refuse during instantiation, pay the table cost (key =
 * import name), then run; execution-context errors get the ABI layer (`Runtime error: …`).
 */
export function abi<A extends unknown[], R extends number | bigint | void>(env: InstanceEnv, gasKey: string, body: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => {
    // Tracing off costs this one field test: no allocation, no call.
    if (env.ctx.tracer !== undefined) {
      return tracedAbi(env, gasKey, () => {
        env.enterAbi(gasKey);
        return fromContext(() => body(...args));
      });
    }
    env.enterAbi(gasKey);
    return fromContext(() => body(...args));
  };
}

/** Runs an execution-context operation, turning its `ContextError` into the ABI's error. */
export function fromContext<R>(body: () => R): R {
  try {
    return body();
  } catch (error) {
    if (error instanceof ContextError) throw hostFailure(error.display, error.code, { reason: error.text, ...error.context });
    throw error;
  }
}

export function boolToI32(value: boolean): number {
  return value ? 1 : 0;
}
