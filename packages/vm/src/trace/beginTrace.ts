import type { ExecutionContext } from '../execution/ExecutionContext.js';
import type { ExecutionTracer } from './ExecutionTracer.js';
import type { TraceKind } from './ExecutionTrace.js';

const KINDS: Record<string, TraceKind> = {
  ExecuteSC: 'ExecuteSC',
  CallSC: 'CallSC',
  'ReadOnlyExecutionTarget::BytecodeExecution': 'ReadOnlyBytecode',
  'ReadOnlyExecutionTarget::FunctionCall': 'ReadOnlyCall',
  'Asynchronous Message': 'AsyncMessage',
};

/** Starts recording an execution: its kind (from the node's context name) and gas limit; the context then reports to `tracer`. */
export function beginTrace(ctx: ExecutionContext, tracer: ExecutionTracer, vmContext: string, maxGas: bigint): void {
  tracer.begin(KINDS[vmContext] ?? 'CallSC', maxGas);
  ctx.tracer = tracer;
}
