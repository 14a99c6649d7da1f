import { formatMas } from '@mason/codec';
import { checkTargetScAddress, createNewScAddress, currentAddress, transferCoins } from '../contextLedger.js';
import type { ExecutionContext } from '../ExecutionContext.js';
import { ContextError, detail, HostError, hostFailure, RuntimeVmError } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { loadModule, ModuleLoadError } from '../loadModule.js';
import type { CompiledModule } from '../compileModule.js';
import type { RunResponse } from '../RunResponse.js';
import { abi, fromContext, type HostFunctions } from './hostFunction.js';
import { parseAddressArg } from '../parseAddressArg.js';
import { enterTracedFrame, type NestedFrame } from '../../trace/traceFrames.js';

function enterNested(ctx: ExecutionContext): void {
  ctx.recursionCounter++;
  if (ctx.recursionCounter > ctx.host.limits.maxRecursiveCallsDepth) {
    throw new HostError('depth', 'recursion depth limit reached', detail('MASON_VM_DEPTH', { maxDepth: ctx.host.limits.maxRecursiveCallsDepth }));
  }
}

/** Runs a nested execution with all the remaining gas, then gives the caller what is left. */
function runNested(env: InstanceEnv, compiled: CompiledModule, functionName: string, param: Uint8Array, frame?: NestedFrame): Uint8Array {
  enterNested(env.ctx);
  const tracer = env.ctx.tracer;
  const limit = tracer === undefined ? 0n : env.remainingGas;
  if (tracer !== undefined) enterTracedFrame(env.ctx, tracer, frame, functionName, param);
  let response: RunResponse;
  try {
    response = env.ctx.host.modules.run(env.ctx, compiled, functionName, param, env.remainingGas);
  } catch (error) {
    tracer?.exitFrame(error instanceof RuntimeVmError ? limit - error.remainingGas : limit, true);
    if (error instanceof RuntimeVmError) throw error.toHostError();
    throw error;
  }
  tracer?.exitFrame(limit - response.remainingGas, false, response.returnValue);
  env.remainingGas = response.remainingGas;
  env.ctx.recursionCounter--;
  return response.returnValue;
}

function load(env: InstanceEnv, bytecode: Uint8Array, kind: 'stored' | 'temporary', wrap?: (display: string) => string): CompiledModule {
  try {
    return loadModule(env.ctx.host, bytecode, env.remainingGas, kind);
  } catch (error) {
    if (!(error instanceof ModuleLoadError)) throw error;
    throw new HostError('error', wrap ? wrap(error.display) : error.display, error.detail);
  }
}

function storedBytecode(ctx: ExecutionContext, address: string): Uint8Array {
  const bytecode = ctx.ledger.getBytecode(address);
  if (!bytecode) throw hostFailure('bytecode not found');
  return bytecode;
}

/** Calls into other code: `call` (new frame, coins), `local_call`/`local_execution` (same frame), `create_sc`, `function_exists`. */
export function callFunctions(env: InstanceEnv): HostFunctions {
  return {
    assembly_script_call: abi(env, 'assembly_script_call', (address: number, fn: number, param: number, coins: bigint) => {
      const target = env.readString(address);
      const functionName = env.readString(fn);
      const paramBytes = env.readBuffer(param);
      if (coins < 0n) throw hostFailure('negative amount of coins in Call');
      // init_call
      const to = parseAddressArg(target, env.ctx.host.lenientAddresses);
      fromContext(() => checkTargetScAddress(env.ctx, to));
      const bytecode = env.ctx.ledger.getBytecode(to);
      if (!bytecode) throw hostFailure(`bytecode not found for address ${to}`, 'MASON_VM_TARGET', { target: to, reason: 'it has no bytecode' });
      const from = currentAddress(env.ctx);
      try {
        transferCoins(env.ctx, from, to, coins, false);
      } catch (error) {
        if (!(error instanceof ContextError)) throw error;
        throw hostFailure(`error transferring ${formatMas(coins)} coins from ${from} to ${to}: ${error.display}`, 'MASON_VM_COINS', { reason: error.text });
      }
      env.ctx.stack.push({ address: to, coins, ownedAddresses: [to], operationDatastore: undefined });
      const compiled = load(env, bytecode, 'stored', (display) => `call to ${target}:${functionName} error: Interface generic error ${display}`);
      const returnValue = runNested(env, compiled, functionName, paramBytes, { kind: 'call', address: to, coins });
      env.ctx.stack.pop();
      return env.allocBuffer(returnValue);
    }),
    assembly_script_local_call: abi(env, 'assembly_script_local_call', (address: number, fn: number, param: number) => {
      const owner = env.readAddress(address);
      const bytecode = storedBytecode(env.ctx, owner);
      const functionName = env.readString(fn);
      const paramBytes = env.readBuffer(param);
      return env.allocBuffer(runNested(env, load(env, bytecode, 'stored'), functionName, paramBytes, { kind: 'localCall', address: owner, coins: 0n }));
    }),
    assembly_script_local_execution: abi(env, 'assembly_script_local_execution', (bytecode: number, fn: number, param: number) => {
      const code = env.readBuffer(bytecode);
      const functionName = env.readString(fn);
      const paramBytes = env.readBuffer(param);
      return env.allocBuffer(runNested(env, load(env, code, 'temporary'), functionName, paramBytes));
    }),
    assembly_script_function_exists: abi(env, 'assembly_script_function_exists', (address: number, fn: number) => {
      const bytecode = storedBytecode(env.ctx, env.readAddress(address));
      const functionName = env.readString(fn);
      return load(env, bytecode, 'stored').functions.has(functionName) ? 1 : 0;
    }),
    assembly_script_create_sc: abi(env, 'assembly_script_create_sc', (bytecode: number) => {
      const code = env.readBuffer(bytecode);
      let address: string;
      try {
        address = createNewScAddress(env.ctx, code);
      } catch (error) {
        if (!(error instanceof ContextError)) throw error;
        throw hostFailure(`couldn't create new SC address: ${error.display}`, error.code, { reason: error.text });
      }
      env.ctx.tracer?.effect({ type: 'createSC', address });
      return env.allocString(address);
    }),
  };
}
