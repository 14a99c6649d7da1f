import type { InstanceEnv } from '../execution/InstanceEnv.js';

/** A metered ABI call while a tracer records: `call` runs inside a host-call record, which gets the gas it charged. */
export function tracedAbi<R>(env: InstanceEnv, gasKey: string, call: () => R): R {
  const tracer = env.ctx.tracer!;
  const before = env.remainingGas;
  tracer.enterHost(gasKey);
  try {
    return call();
  } finally {
    const after = env.remainingGas;
    tracer.exitHost(before > after ? before - after : 0n);
  }
}
