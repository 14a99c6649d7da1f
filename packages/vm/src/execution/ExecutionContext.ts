import type { GasCosts } from '../gas/GasCosts.js';
import type { SCOutputEvent } from '@mason/codec';
import type { SlotContext, SlotSnapshot } from '../SlotContext.js';
import type { SpeculativeLedger } from '../state/SpeculativeLedger.js';
import type { CompiledModule, LoadedModule } from './compileModule.js';
import type { RunResponse } from './RunResponse.js';
import type { AsyncMessage } from '../asyncMessages.js';
import type { AsyncMessageIdJson } from '../asyncMessageId.js';
import type { VmLimits } from '../VmLimits.js';
import type { ExecutionTracer } from '../trace/ExecutionTracer.js';
import type { DeferredCallReader } from '../deferredCalls/DeferredCall.js';
import { MemoryDeferredCalls } from '../deferredCalls/MemoryDeferredCalls.js';
import { SpeculativeDeferredCalls } from '../deferredCalls/SpeculativeDeferredCalls.js';

/** One frame of the call stack. */
export interface StackFrame {
  address: string;
  /** Coins sent with the call that created the frame (nanoMAS). */
  coins: bigint;
  /** Addresses this frame may write to: itself plus the SCs it created. */
  ownedAddresses: string[];
  /** The operation datastore: only on the ExecuteSC frame. */
  operationDatastore: Map<string, Uint8Array> | undefined;
}

/**
 * Where executions get their modules and run them (ModuleCache is the one). Declared here, as
 * what a context needs, so that the context does not depend on the instances and host functions
 * that depend on it.
 */
export interface ModuleRunner {
  /** Validates, meters and compiles a bytecode once; the same result for the same bytes. */
  load(bytecode: Uint8Array): LoadedModule;
  /** Runs `functionName` of `compiled` in `ctx` with `limit` gas (`exec_as_module`); throws RuntimeVmError. */
  run(ctx: ExecutionContext, compiled: CompiledModule, functionName: string, param: Uint8Array, limit: bigint): RunResponse;
}

export interface ExecutionHost {
  gasCosts: GasCosts;
  limits: VmLimits;
  chainId: bigint;
  modules: ModuleRunner;
  onPrint: ((message: string, callStack: readonly string[]) => void) | undefined;
  /** Unit-test hosts only: accept vm-mock's made-up addresses (see `VmOptions.lenientAddresses`). */
  lenientAddresses: boolean;
}

export interface ContextSnapshot {
  ledgerMark: number;
  slot: SlotSnapshot;
  stack: StackFrame[];
  eventCount: number;
  userEventCount: number;
  recursionCounter: number;
  messageCount: number;
  deferredCallsMark: number;
  gasRemainingBeforeSubexecution: bigint | undefined;
}

/**
 * State of one operation or read-only execution: the call stack, the speculative ledger, events,
 * counters. Mirrors the node's `ExecutionContext` for the duration of one execution.
 */
export class ExecutionContext {
  stack: StackFrame[] = [];
  readonly events: SCOutputEvent[] = [];
  userEventCount = 0;
  recursionCounter = 0;
  gasRemainingBeforeSubexecution: bigint | undefined = undefined;
  readonly asyncMessages: AsyncMessage[] = [];
  /** Set while executing an asynchronous message; reported in events. */
  asyncMessageId: AsyncMessageIdJson | null = null;
  /** Records the call tree when set (see ExecutionTracer); host functions test it before anything else. */
  tracer: ExecutionTracer | undefined = undefined;
  /** Set while executing a deferred call; reported in events. */
  deferredCallId: string | null = null;
  /** The deferred-call registry as this execution sees and changes it. */
  readonly deferredCalls: SpeculativeDeferredCalls;

  constructor(
    readonly host: ExecutionHost,
    readonly ledger: SpeculativeLedger,
    /** Replaced only by a hosted instance whose host moves it to another slot (unit tests). */
    public slot: SlotContext,
    /** Replaced only by a hosted instance (unit tests that set the operation id). */
    public originOperationId: string | null,
    deferredCalls: DeferredCallReader = new MemoryDeferredCalls(),
  ) {
    this.deferredCalls = new SpeculativeDeferredCalls(deferredCalls);
  }

  get currentFrame(): StackFrame | undefined {
    return this.stack[this.stack.length - 1];
  }

  get callStack(): string[] {
    return this.stack.map((frame) => frame.address);
  }

  hasWriteRightsOn(address: string): boolean {
    return this.currentFrame?.ownedAddresses.includes(address) ?? false;
  }

  /** Builds an event with the current context; `emitEvent` gives it its index. */
  createEvent(data: string, isError: boolean): SCOutputEvent {
    return {
      context: {
        slot: { ...this.slot.slot },
        block: this.slot.blockId,
        read_only: this.slot.readOnly,
        index_in_slot: this.slot.eventIndex,
        call_stack: this.callStack,
        origin_operation_id: this.originOperationId,
        is_final: false,
        is_error: isError,
        deferred_call_id: this.deferredCallId,
        async_msg_id: this.asyncMessageId && [[...this.asyncMessageId[0]], { ...this.asyncMessageId[1] }, this.asyncMessageId[2]],
      },
      data,
    };
  }

  emitEvent(event: SCOutputEvent): void {
    event.context.index_in_slot = this.slot.eventIndex;
    this.slot.eventIndex++;
    this.events.push(event);
  }

  snapshot(): ContextSnapshot {
    return {
      ledgerMark: this.ledger.checkpoint(),
      slot: this.slot.snapshot(),
      stack: this.stack.map((frame) => ({ ...frame, ownedAddresses: [...frame.ownedAddresses] })),
      eventCount: this.events.length,
      userEventCount: this.userEventCount,
      recursionCounter: this.recursionCounter,
      messageCount: this.asyncMessages.length,
      deferredCallsMark: this.deferredCalls.checkpoint(),
      gasRemainingBeforeSubexecution: this.gasRemainingBeforeSubexecution,
    };
  }

  /**
   * The node's `reset_to_snapshot`: emits the error event (with the stack at the failure), undoes
   * every change, and flags the events emitted since the snapshot as errors. Like the node, it also
   * rewinds the slot's event index, so the next operation reuses the indices of this one's events.
   */
  resetToSnapshot(snapshot: ContextSnapshot, errorEventData: string): void {
    this.emitEvent(this.createEvent(errorEventData, true));
    this.restore(snapshot);
  }

  /** Undoes every change made since `snapshot`; the events emitted since are kept, flagged as errors. */
  restore(snapshot: ContextSnapshot): void {
    this.ledger.rollback(snapshot.ledgerMark);
    this.slot.restore(snapshot.slot);
    this.stack = snapshot.stack;
    this.userEventCount = snapshot.userEventCount;
    this.recursionCounter = snapshot.recursionCounter;
    this.asyncMessages.length = snapshot.messageCount;
    this.deferredCalls.rollback(snapshot.deferredCallsMark);
    this.gasRemainingBeforeSubexecution = snapshot.gasRemainingBeforeSubexecution;
    for (const event of this.events.slice(snapshot.eventCount)) event.context.is_error = true;
  }
}
