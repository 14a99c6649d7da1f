import type { ExecutionContext } from '../execution/ExecutionContext.js';
import type { ExecutionTracer } from './ExecutionTracer.js';
import type { TraceFrameKind } from './ExecutionTrace.js';

/** What a nested run is, for its trace frame: `local_execution` runs the current address's context with no coins. */
export interface NestedFrame {
  kind: TraceFrameKind;
  address: string;
  coins: bigint;
}

/** Opens the trace frame of a nested run; the call stack already holds its frame for a `call`. */
export function enterTracedFrame(
  ctx: ExecutionContext,
  tracer: ExecutionTracer,
  frame: NestedFrame | undefined,
  functionName: string,
  param?: Uint8Array,
): void {
  const stack = ctx.stack;
  const current = stack[stack.length - 1]?.address ?? '';
  if (frame === undefined) {
    tracer.enterFrame('localExecution', current, functionName, current, 0n, param);
    return;
  }
  const caller = frame.kind === 'call' ? (stack[stack.length - 2]?.address ?? null) : current;
  tracer.enterFrame(frame.kind, frame.address, functionName, caller, frame.coins, param);
}

/** Opens the root frame of an execution once its call stack is set up. */
export function enterRootFrame(ctx: ExecutionContext, tracer: ExecutionTracer, functionName: string, param?: Uint8Array): void {
  const stack = ctx.stack;
  const top = stack[stack.length - 1];
  tracer.enterFrame('root', top?.address ?? '', functionName, stack[stack.length - 2]?.address ?? null, top?.coins ?? 0n, param);
}
