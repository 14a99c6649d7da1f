import { formatVmMessage } from './errors.js';
import type { CompiledModule } from './execution/compileModule.js';
import { ExecutionContext, type ExecutionHost } from './execution/ExecutionContext.js';
import { ContextError, ExecutionFailure, RuntimeVmError } from './execution/failures.js';
import { ModuleLoadError } from './execution/loadModule.js';
import type { RunResponse } from './execution/RunResponse.js';
import { armWatchdog, WallTimeExceeded } from './execution/watchdog.js';
import type { ExecutionResult, VmExecutionError } from './ExecutionResult.js';
import { formatMassaExecutionError } from './formatMassaExecutionError.js';
import type { SlotContext } from './SlotContext.js';
import { SpeculativeLedger } from './state/SpeculativeLedger.js';
import type { LedgerChanges, LedgerReader, LedgerState } from './state/LedgerState.js';
import type { ExecutionTracer } from './trace/ExecutionTracer.js';
import { beginTrace } from './trace/beginTrace.js';
import { enterRootFrame } from './trace/traceFrames.js';
import { type DeferredCallReader, type DeferredCallWrite, isDeferredCallState } from './deferredCalls/DeferredCall.js';

export type VmContextName =
  | 'ExecuteSC'
  | 'CallSC'
  | 'ReadOnlyExecutionTarget::BytecodeExecution'
  | 'ReadOnlyExecutionTarget::FunctionCall'
  | 'Asynchronous Message'
  | 'Deferred Call';

/** What to run once the stack is set up. */
export interface PreparedRun {
  compiled: CompiledModule;
  functionName: string;
  param: Uint8Array;
}

export interface OperationPlan {
  host: ExecutionHost;
  state: LedgerReader;
  /** The deferred-call registry the execution reads; changes are committed to it when it can take them. */
  deferredCalls?: DeferredCallReader;
  slot: SlotContext;
  operationId: string | null;
  maxGas: bigint;
  vmContext: VmContextName;
  /** Builds the call stack, moves coins, loads the module. Throws ContextError/ModuleLoadError/ExecutionFailure. */
  prepare(ctx: ExecutionContext): PreparedRun;
  /** Checks after a successful run (the max-spending rule). */
  verify?(ctx: ExecutionContext): void;
  /** Runs after the rollback of a failure (e.g. refunding an async message's coins). */
  afterFailure?(ctx: ExecutionContext): void;
  /** Operations emit the node's error event and roll back; read-only requests just report. */
  emitErrorEvent: boolean;
  /** Apply the changes to `state` on success. */
  commit: boolean;
  /** Records the call tree (see ExecutionTracer). */
  tracer?: ExecutionTracer | undefined;
}

export interface OperationOutcome extends ExecutionResult {
  ctx: ExecutionContext;
}

function toFailure(error: unknown, vmContext: VmContextName): ExecutionFailure {
  if (error instanceof ExecutionFailure) return error;
  if (error instanceof RuntimeVmError) {
    return new ExecutionFailure(`VM Error in ${vmContext} context: ${error.display}`, error.detail, error.remainingGas);
  }
  if (error instanceof ModuleLoadError) return new ExecutionFailure(`Cache error: ${error.display}`, error.detail);
  if (error instanceof ContextError) {
    return new ExecutionFailure(error.display, { code: error.code, context: { reason: error.text, ...error.context } });
  }
  if (error instanceof WallTimeExceeded) {
    return new ExecutionFailure(`VM Error in ${vmContext} context: VM execution error: RuntimeError: Runtime error: ${error.message}`, {
      code: 'MASON_VM_WALL_TIME',
      context: { limitMs: error.limitMs },
    });
  }
  throw error;
}

/** What survives a failure: nothing, unless `afterFailure` changed the ledger after the rollback. */
function failureChanges(
  plan: OperationPlan,
  ctx: ExecutionContext,
): { stateChanges: LedgerChanges; committed: boolean; deferredCallWrites: DeferredCallWrite[] } {
  const stateChanges = ctx.ledger.changes();
  const commit = plan.commit && stateChanges.size > 0 && 'applyChanges' in plan.state;
  if (commit) (plan.state as LedgerState).applyChanges(stateChanges);
  return { stateChanges, committed: commit, deferredCallWrites: commitDeferredCalls(plan, ctx) };
}

/** The execution's net writes to the deferred-call registry, applied to it on commit. */
function commitDeferredCalls(plan: OperationPlan, ctx: ExecutionContext): DeferredCallWrite[] {
  const writes = ctx.deferredCalls.writes();
  if (plan.commit && writes.length > 0 && isDeferredCallState(plan.deferredCalls)) plan.deferredCalls.applyDeferredCallWrites(writes);
  return writes;
}

function createdAddresses(changes: LedgerChanges): string[] {
  const created: string[] = [];
  for (const [address, change] of changes) if (change.kind === 'set' && address.startsWith('AS')) created.push(address);
  return created;
}

/**
 * Runs one operation or read-only request in a checkpoint: on failure every change is undone, the
 * events emitted so far are kept but flagged `is_error`, and (for operations) the node's error
 * event is appended.
 */
export function executeOperation(plan: OperationPlan, functionLabel: string): OperationOutcome {
  const ledger = new SpeculativeLedger(plan.state);
  const ctx = new ExecutionContext(plan.host, ledger, plan.slot, plan.operationId, plan.deferredCalls);
  const tracer = plan.tracer;
  if (tracer !== undefined) beginTrace(ctx, tracer, plan.vmContext, plan.maxGas);
  const snapshot = ctx.snapshot();
  let response: RunResponse | undefined;
  let failure: ExecutionFailure | undefined;
  let failedStack: string[] = [];
  const disarm = armWatchdog(plan.host.limits.maxExecutionMs);
  try {
    const run = plan.prepare(ctx);
    if (tracer !== undefined) enterRootFrame(ctx, tracer, run.functionName, run.param);
    response = ctx.host.modules.run(ctx, run.compiled, run.functionName, run.param, plan.maxGas);
    tracer?.exitFrame(plan.maxGas - response.remainingGas, false, response.returnValue);
    plan.verify?.(ctx);
  } catch (error) {
    failure = toFailure(error, plan.vmContext);
    failedStack = ctx.callStack;
  } finally {
    disarm();
  }

  if (failure === undefined && response !== undefined) {
    const stateChanges = ledger.changes();
    const commit = plan.commit && 'applyChanges' in plan.state;
    if (commit) (plan.state as LedgerState).applyChanges(stateChanges);
    tracer?.finish(true, plan.maxGas - response.remainingGas, undefined);
    return {
      ctx,
      ok: true,
      returnValue: response.returnValue,
      events: ctx.events,
      gasUsed: plan.maxGas - response.remainingGas,
      initGasCost: response.initGasCost,
      stateChanges,
      committed: commit,
      deferredCallWrites: commitDeferredCalls(plan, ctx),
      asyncMessages: [...ctx.asyncMessages],
      createdAddresses: createdAddresses(stateChanges),
    };
  }

  const fault = failure!;
  // An execution stopped by the watchdog is charged its whole gas, as if it had run out.
  const outOfGas = fault.detail.code === 'MASON_VM_OUT_OF_GAS' || fault.detail.code === 'MASON_VM_WALL_TIME';
  const gasUsed = outOfGas || fault.remainingGas === undefined ? (outOfGas ? plan.maxGas : 0n) : plan.maxGas - fault.remainingGas;
  const context: Record<string, unknown> = { function: functionLabel, ...fault.detail.context, gasUsed, gasLimit: plan.maxGas };
  const error: VmExecutionError = {
    code: fault.detail.code,
    message: formatVmMessage(fault.detail.code, context),
    nodeMessage: fault.nodeMessage,
    function: typeof context.function === 'string' ? context.function : functionLabel,
    gasUsed,
    gasLimit: plan.maxGas,
    callStack: failedStack,
    ...(fault.detail.abort ? { abort: fault.detail.abort } : {}),
    ...(fault.detail.location ? { wasmFrames: fault.detail.location.frames, module: fault.detail.location.module } : {}),
  };
  const errorData = formatMassaExecutionError(fault.nodeMessage, {
    operationId: plan.operationId,
    maxEventSize: plan.host.limits.maxEventSize,
  });
  if (plan.emitErrorEvent) {
    ctx.resetToSnapshot(snapshot, errorData);
    plan.afterFailure?.(ctx);
  } else {
    ledger.rollback(snapshot.ledgerMark);
    ctx.deferredCalls.rollback(snapshot.deferredCallsMark);
    for (const event of ctx.events) event.context.is_error = true;
  }
  tracer?.finish(false, gasUsed, error);
  return {
    ctx,
    ok: false,
    returnValue: new Uint8Array(),
    error,
    events: ctx.events,
    gasUsed,
    initGasCost: 0n,
    ...failureChanges(plan, ctx),
    asyncMessages: [],
    createdAddresses: [],
  };
}
