import { Address } from '@mason/codec';
import { ContextError, hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { nodeAddressParseError } from '../nodeAddressError.js';
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

/**
 * Parses an address argument as the node does (`Address::from_str`). `lenient` (unit-test hosts
 * only, see `VmOptions.lenientAddresses`) accepts any non-empty string that is not an address, as
 * vm-mock does, and keeps it as it is.
 */
export function parseAddressArg(text: string, lenient = false): string {
  try {
    return Address.fromString(text).toString();
  } catch {
    if (lenient && text.length > 0) return text;
    throw hostFailure(nodeAddressParseError(text) ?? `address parsing error: ${text}`);
  }
}

/** vm-mock's `validate_address`: an `AU`/`AS` prefix and 40 to 60 characters. */
export function looksLikeVmMockAddress(text: string): boolean {
  return /^A[US]/.test(text) && text.length >= 40 && text.length <= 60;
}

export function boolToI32(value: boolean): number {
  return value ? 1 : 0;
}
