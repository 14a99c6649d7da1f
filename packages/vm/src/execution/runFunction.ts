import type { CompiledModule } from './compileModule.js';
import type { ExecutionContext } from './ExecutionContext.js';
import { detail, HostError, RuntimeVmError, type FailureDetail } from './failures.js';
import type { InstanceEnv } from './InstanceEnv.js';
import type { InstancePool, PooledInstance } from './InstancePool.js';
import { locateInModule } from './locateInModule.js';
import type { RunResponse } from './RunResponse.js';
import { LedgerSourceError } from '../state/LedgerSourceError.js';

export const MAIN_FUNCTION = 'main';

// wasmer's TrapCode texts for V8's trap messages.
const TRAP_TEXTS: Array<[RegExp, string]> = [
  [/unreachable/, 'unreachable'],
  [/memory access out of bounds/, 'out of bounds memory access'],
  [/divide by zero|remainder by zero/, 'integer divide by zero'],
  [/integer overflow/, 'integer overflow'],
  [/float unrepresentable|invalid conversion/, 'invalid conversion to integer'],
  [/table index is out of bounds|element segment out of bounds/, 'undefined element: out of bounds table access'],
  [/null function|function signature mismatch|signature mismatch/, 'indirect call type mismatch'],
  [/data segment out of bounds/, 'out of bounds memory access'],
];

function trapText(error: unknown): string | undefined {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'call stack exhausted';
  if (error instanceof WebAssembly.RuntimeError) {
    for (const [pattern, text] of TRAP_TEXTS) if (pattern.test(error.message)) return text;
    return error.message;
  }
  return undefined;
}

/** A failure inside wasm code or a host function, as wasmer's `RuntimeError` Display shows it. */
function describeRuntimeError(error: unknown): { text: string; detail: FailureDetail } | undefined {
  if (error instanceof HostError) return { text: `RuntimeError: ${error.display}`, detail: error.detail };
  if (error instanceof RuntimeVmError) {
    const host = error.toHostError();
    return { text: `RuntimeError: ${host.display}`, detail: host.detail };
  }
  // Fork mode: the remote could not give an entry the contract reads.
  if (error instanceof LedgerSourceError) return { text: `RuntimeError: ${error.message}`, detail: detail('MASON_VM_HOST', { reason: error.message }) };
  const trap = trapText(error);
  if (trap !== undefined) return { text: `RuntimeError: ${trap}`, detail: detail('MASON_VM_TRAP', { reason: trap }) };
  return undefined;
}

/**
 * Instantiates a module and runs one of its functions with `limit` gas, like the runtime's
 * `exec_as_module`: metered instantiation (start function included, budget `max_instance`), then
 * `launch` cost, then the call. The instance comes from the module cache's InstancePool (a fresh
 * one, or a finished one put back to the initial state) and goes back to it afterwards. Throws
 * RuntimeVmError.
 */
export function runFunction(
  pool: InstancePool,
  ctx: ExecutionContext,
  compiled: CompiledModule,
  functionName: string,
  param: Uint8Array,
  limit: bigint,
): RunResponse {
  ctx.gasRemainingBeforeSubexecution = limit;
  if (compiled.instanceError !== undefined) {
    throw new RuntimeVmError('instance', compiled.instanceError, detail('MASON_VM_INSTANCE', { reason: compiled.instanceError }), limit);
  }
  let pooled: PooledInstance;
  try {
    pooled = pool.acquire(compiled, ctx);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RuntimeVmError('instance', reason, detail('MASON_VM_INSTANCE', { reason }), limit);
  }
  try {
    return run(ctx, compiled, pooled, functionName, param, limit);
  } finally {
    pool.release(compiled, pooled);
  }
}

function fail(env: InstanceEnv, text: string, failureDetail: FailureDetail): never {
  throw new RuntimeVmError('execution', text, failureDetail, env.remainingGas);
}

/**
 * Host-side steps of the runtime (parameter allocation, reading the result) fail without the
 * `RuntimeError:` layer of a wasm trap.
 */
function outsideWasm<T>(env: InstanceEnv, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof HostError && !env.isExhausted) fail(env, error.text, error.detail);
    throw error;
  }
}

function run(
  ctx: ExecutionContext,
  compiled: CompiledModule,
  { instance, env }: PooledInstance,
  functionName: string,
  param: Uint8Array,
  limit: bigint,
): RunResponse {
  const maxInstance = ctx.host.gasCosts.maxInstance;
  if (compiled.hasStart) {
    try {
      (instance.exports[compiled.vmExports.start] as () => void)();
    } catch (error) {
      if (env.isExhausted) {
        const exhausted = detail('MASON_VM_OUT_OF_GAS', { function: '(start)', gasUsed: maxInstance, gasLimit: maxInstance });
        locateInModule(error, exhausted, compiled, ctx);
        throw new RuntimeVmError('instance', 'Not enough gas, limit reached at initialization', exhausted, 0n);
      }
      const failure = describeRuntimeError(error);
      if (!failure) throw error;
      locateInModule(error, failure.detail, compiled, ctx);
      throw new RuntimeVmError('instance', failure.text, failure.detail, limit);
    }
  }
  const initGasCost = maxInstance - env.remainingGas;
  env.remainingGas = limit > initGasCost ? limit - initGasCost : 0n;
  env.abiEnabled = true;

  try {
    const launch = ctx.host.gasCosts.launch;
    if (launch > env.remainingGas) {
      fail(env, 'Not enough gas to launch the virtual machine', detail('MASON_VM_OUT_OF_GAS', { function: functionName, gasUsed: limit, gasLimit: limit }));
    }
    env.remainingGas -= launch;

    const signature = compiled.functions.get(functionName);
    const callable = instance.exports[functionName];
    if (!signature || typeof callable !== 'function') {
      fail(env, `Missing export ${functionName}`, detail('MASON_VM_FUNCTION_NOT_FOUND', { function: functionName }));
    }
    const fn = callable as (...args: number[]) => unknown;
    let result: unknown;
    if (signature!.params === 0) {
      result = fn();
    } else if (signature!.params === 1) {
      result = fn(outsideWasm(env, () => env.allocBuffer(param)));
    } else {
      fail(env, 'Unexpected number of parameters in the function called', detail('MASON_VM_BAD_ARITY', { function: functionName }));
    }

    let returnValue: Uint8Array = new Uint8Array();
    if (functionName !== MAIN_FUNCTION && signature!.result !== undefined) {
      if (signature!.result !== 0x7f) {
        fail(env, "Execution wasn't in capacity to read the return value", detail('MASON_VM_HOST', { reason: 'the function does not return a pointer' }));
      }
      returnValue = outsideWasm(env, () => env.readBuffer(result as number));
    }
    return { returnValue, remainingGas: env.remainingGas, initGasCost };
  } catch (error) {
    if (error instanceof RuntimeVmError) throw error;
    if (env.isExhausted) {
      const limitUsed = limit;
      const exhausted = detail('MASON_VM_OUT_OF_GAS', { function: functionName, gasUsed: limitUsed, gasLimit: limitUsed });
      locateInModule(error, exhausted, compiled, ctx);
      throw new RuntimeVmError('execution', `Not enough gas, limit reached at: ${functionName}`, exhausted, 0n);
    }
    // Depth errors cross every frame unchanged (runtime MAIN 2.6 and later).
    if (error instanceof HostError && error.variant === 'depth') {
      locateInModule(error, error.detail, compiled, ctx);
      throw new RuntimeVmError('depth', error.text, error.detail, env.remainingGas);
    }
    if (error instanceof HostError && error.text === 'Out of gas' && error.detail.code === 'MASON_VM_OUT_OF_GAS') {
      error.detail.context = { ...error.detail.context, function: functionName, gasUsed: limit, gasLimit: limit };
    }
    const failure = describeRuntimeError(error);
    if (!failure) throw error;
    locateInModule(error, failure.detail, compiled, ctx);
    throw new RuntimeVmError('execution', failure.text, failure.detail, env.remainingGas);
  }
}
