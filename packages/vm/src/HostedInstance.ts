import type { Datastore, Slot } from '@mason/codec';
import { formatVmMessage, type VmErrorCode } from './errors.js';
import type { SCOutputEvent } from '@mason/codec';
import { datastoreMap } from './execution/datastoreMap.js';
import { ExecutionContext, type ContextSnapshot, type ExecutionHost, type StackFrame } from './execution/ExecutionContext.js';
import { createImports, type HostImports } from './execution/hostFunctions/createImports.js';
import { HostError, RuntimeVmError } from './execution/failures.js';
import { InstanceEnv } from './execution/InstanceEnv.js';
import { SlotContext, type SlotContextInit } from './SlotContext.js';
import { fromKey } from './state/bytesKey.js';
import { SpeculativeLedger } from './state/SpeculativeLedger.js';
import { DEFAULT_VM_EXPORT_NAMES, type VmExportNames } from './wasm/meterModule.js';
import type { LedgerChanges, LedgerReader } from './state/LedgerState.js';
import type { DeferredCallReader, DeferredCallState, DeferredCallWrite } from './deferredCalls/DeferredCall.js';
import { executeDeferredCallsOfSlot, type DeferredSlotOutcome } from './deferredCalls/executeDeferredCalls.js';
import { speculativeState } from './state/speculativeState.js';
import type { ExecutionTrace } from './trace/ExecutionTrace.js';
import type { ExecutionTracer } from './trace/ExecutionTracer.js';
import { beginTrace } from './trace/beginTrace.js';
import { enterRootFrame } from './trace/traceFrames.js';

/** One frame of a hosted instance's call stack. */
export interface HostedFrame {
  address: string;
  /** Coins sent with the call that created the frame: what `get_call_coins` returns on top. */
  coins?: bigint;
  /** Addresses the frame may write to; default its own address. */
  ownedAddresses?: readonly string[];
  /** The operation datastore, readable while this frame is on top (an ExecuteSC frame's). */
  operationDatastore?: Datastore | ReadonlyMap<Uint8Array, Uint8Array>;
}

export interface HostedInstanceOptions {
  /** Bottom → top; the hosted module runs as the top frame. */
  callStack: readonly HostedFrame[];
  /** Gas budget: ABIs pay their table cost from it and nested calls run with what is left. */
  gas: bigint | number;
  /** Slot, timestamp and block; default slot (0, 0) at time 0. */
  context?: SlotContext | SlotContextInit;
  /** Ledger read through a journal and never written; default the VM's state. */
  state?: LedgerReader;
  operationId?: string | null;
  /** Default the VM's chain id. */
  chainId?: bigint | number;
}

/** A VM failure raised in one of the instance's ABIs, as `describeError` reports it. */
export interface HostedFailure {
  code: VmErrorCode;
  /** The node's wording, e.g. `Runtime error: data entry not found` or `VM error: VM execution error: …`. */
  message: string;
  /** Set when a contract aborted (in a nested call): its message and source position. */
  abort?: { message: string; file: string; line: number; column: number };
}

/** A point to come back to with `revert`. */
export interface HostedCheckpoint {
  readonly snapshot: ContextSnapshot;
}

function toStackFrame(frame: HostedFrame): StackFrame {
  return {
    address: frame.address,
    coins: frame.coins ?? 0n,
    ownedAddresses: [...(frame.ownedAddresses ?? [frame.address])],
    operationDatastore: frame.operationDatastore === undefined ? undefined : datastoreMap(frame.operationDatastore),
  };
}

function slotInit(slot: SlotContext): SlotContextInit {
  return { slot: slot.slot, timestamp: slot.timestamp, blockId: slot.blockId, executionTrailHash: slot.executionTrailHash };
}

/**
 * The VM's host functions (`env` and `massa`) bound to a module that the caller instantiates
 * itself, such as a unit-test module instantiated by as-pect: the module runs as the top frame of a
 * call stack, over a journaled view of a ledger, with the same ABIs, rights, storage costs, events,
 * limits and nested calls (each callee in its own metered instance) as an operation.
 *
 * Gas: a module instantiated as compiled does not meter itself, so its operators are free while its
 * ABIs and nested calls pay from the budget. To meter its operators too, instantiate
 * `meterModule(parseModule(bytes), { operatorCost: vm.gasCosts.operator, initialPoints: 0n })`
 * instead: `attach` finds the metering globals and charges them from the same budget.
 *
 * Nothing is committed: read the state through `state` and the net changes with `changes()`.
 */
export class HostedInstance {
  readonly imports: HostImports;
  private readonly ctx: ExecutionContext;
  private readonly env: InstanceEnv;
  private readonly initial: {
    frames: HostedFrame[];
    slot: SlotContextInit;
    chainId: bigint;
    gas: bigint;
    ledgerMark: number;
    deferredCallsMark: number;
    operationId: string | null;
  };
  /** Gas left when the trace in progress started. */
  private traceStartGas = 0n;

  constructor(
    private readonly host: ExecutionHost,
    state: LedgerReader,
    options: HostedInstanceOptions,
    deferredCalls?: DeferredCallReader,
  ) {
    const given = options.context;
    const slot = given instanceof SlotContext ? given : new SlotContext(given ?? { slot: { period: 0, thread: 0 }, timestamp: 0 });
    const ledger = new SpeculativeLedger(state);
    this.ctx = new ExecutionContext(host, ledger, slot, options.operationId ?? null, deferredCalls);
    this.ctx.stack = options.callStack.map(toStackFrame);
    this.env = new InstanceEnv(this.ctx);
    this.env.remainingGas = BigInt(options.gas);
    this.imports = createImports(this.env);
    this.initial = {
      frames: [...options.callStack],
      slot: slotInit(slot),
      chainId: host.chainId,
      gas: BigInt(options.gas),
      ledgerMark: ledger.checkpoint(),
      deferredCallsMark: this.ctx.deferredCalls.checkpoint(),
      operationId: options.operationId ?? null,
    };
  }

  /**
   * Binds the instance's memory and runtime exports (`memory`, `__new`, `__pin`); ABIs work from now
   * on. A module instrumented with `meterModule` has its start function moved to an export: it runs
   * here, metered, with ABIs refused as during a node's instantiation. `names` are the exports the
   * VM added: pass `vmExportNames(parseModule(bytes))` for a module whose own exports may use the
   * default names.
   */
  attach(instance: WebAssembly.Instance, names: VmExportNames = DEFAULT_VM_EXPORT_NAMES): void {
    const gas = this.env.remainingGas;
    this.env.attach(instance, names.watchdog);
    this.env.remainingGas = gas;
    const start = instance.exports[names.start];
    if (typeof start === 'function') (start as () => void)();
    this.env.abiEnabled = true;
  }

  /** Reads an AssemblyScript string of the attached instance. */
  readString(pointer: number): string {
    return this.env.readString(pointer);
  }

  /** Reads an AssemblyScript ArrayBuffer / StaticArray<u8> of the attached instance. */
  readBuffer(pointer: number): Uint8Array {
    return this.env.readBuffer(pointer);
  }

  /** Allocates (and pins) a string in the attached instance, as the node does for ABI results. */
  newString(text: string): number {
    return this.env.allocString(text);
  }

  /** Allocates a buffer in the attached instance, as the node does for ABI results. */
  newBuffer(bytes: Uint8Array): number {
    return this.env.allocBuffer(bytes);
  }

  get callStack(): string[] {
    return this.ctx.callStack;
  }

  get frames(): HostedFrame[] {
    return this.ctx.stack.map((frame) => ({
      address: frame.address,
      coins: frame.coins,
      ownedAddresses: [...frame.ownedAddresses],
      ...(frame.operationDatastore && {
        operationDatastore: [...frame.operationDatastore].map(([key, value]): [Uint8Array, Uint8Array] => [fromKey(key), value]),
      }),
    }));
  }

  setCallStack(frames: readonly HostedFrame[]): void {
    this.ctx.stack = frames.map(toStackFrame);
  }

  get slot(): SlotContext {
    return this.ctx.slot;
  }

  /** Moves to another slot (new event index, address index and RNG seed, as a new slot has). */
  setSlot(context: SlotContext | SlotContextInit): void {
    this.ctx.slot = context instanceof SlotContext ? context : new SlotContext(context);
  }

  /** The operation the module runs in (`get_origin_operation_id`, events' `origin_operation_id`). */
  get operationId(): string | null {
    return this.ctx.originOperationId;
  }

  set operationId(value: string | null) {
    this.ctx.originOperationId = value;
  }

  get chainId(): bigint {
    return this.host.chainId;
  }

  set chainId(value: bigint) {
    this.host.chainId = value;
  }

  /** Gas left in the budget. */
  get gas(): bigint {
    return this.env.remainingGas;
  }

  set gas(value: bigint) {
    this.env.remainingGas = value;
  }

  /** The ledger as the instance sees it: the base state plus the changes made so far. */
  get state(): LedgerReader {
    return this.ctx.ledger;
  }

  /** Net changes to the base state. */
  changes(): LedgerChanges {
    return this.ctx.ledger.changes();
  }

  /** Sets a balance, creating the ledger entry when the address has none. */
  setBalance(address: string, amount: bigint): void {
    if (!this.ctx.ledger.hasEntry(address)) this.ctx.ledger.createEntry(address);
    this.ctx.ledger.setBalance(address, amount);
  }

  /** Events emitted since the last `clearEvents`, with their full context. */
  get events(): readonly SCOutputEvent[] {
    return this.ctx.events;
  }

  clearEvents(): void {
    this.ctx.events.length = 0;
  }

  /** Starts a new operation: event-count and recursion limits start over, with a new gas budget. */
  beginOperation(gas: bigint = this.initial.gas): void {
    this.ctx.userEventCount = 0;
    this.ctx.recursionCounter = 0;
    this.ctx.asyncMessages.length = 0;
    this.env.remainingGas = gas;
  }

  checkpoint(): HostedCheckpoint {
    return { snapshot: this.ctx.snapshot() };
  }

  /**
   * Undoes the ledger changes, call-stack changes and counters since `checkpoint`, as a failed
   * execution is undone; the events emitted since are kept, flagged `is_error`. Gas is not refunded.
   */
  revert(checkpoint: HostedCheckpoint): void {
    const stack = checkpoint.snapshot.stack.map((frame) => ({ ...frame, ownedAddresses: [...frame.ownedAddresses] }));
    this.ctx.restore({ ...checkpoint.snapshot, stack });
  }

  /** Describes an error thrown out of one of the instance's ABIs; undefined when the VM did not raise it. */
  describeError(error: unknown): HostedFailure | undefined {
    const failure = error instanceof RuntimeVmError ? error.toHostError() : error;
    if (!(failure instanceof HostError)) return undefined;
    const { code, abort, context } = failure.detail;
    // The node's text of an abort it cannot read says nothing of the message: Mason's does.
    const message = code === 'MASON_VM_ABORT_UNREADABLE' ? formatVmMessage(code, context) : failure.display;
    return { code, message, ...(abort && { abort: { ...abort } }) };
  }

  /**
   * Runs the deferred calls of every slot up to `slot` included, earliest slot first, as a node
   * would at the start of each (see `Vm.executeDeferredCalls`), on the instance's state; their
   * events join `events`. For hosts that move the clock (unit tests).
   */
  runDeferredCalls(slot: Slot): DeferredSlotOutcome[] {
    const ledger = this.ctx.ledger;
    const registry = this.ctx.deferredCalls;
    const state = speculativeState(ledger);
    const deferredCalls: DeferredCallState = {
      getDeferredCall: (id) => registry.getDeferredCall(id),
      deferredCallIds: (due) => registry.deferredCallIds(due),
      deferredSlotGas: (due) => registry.deferredSlotGas(due),
      deferredSlotBaseFee: (due) => registry.deferredSlotBaseFee(due),
      deferredTotalGas: () => registry.deferredTotalGas(),
      applyDeferredCallWrites: (writes: readonly DeferredCallWrite[]) => {
        for (const write of writes) registry.write(write);
      },
    };
    const outcomes: DeferredSlotOutcome[] = [];
    for (const due of registry.slotsWithCalls()) {
      if (due.period > slot.period || (due.period === slot.period && due.thread > slot.thread)) break;
      const outcome = executeDeferredCallsOfSlot({ host: this.host, state, deferredCalls, slot: this.ctx.slot, dueSlot: due });
      for (const event of outcome.events) this.ctx.emitEvent(event);
      outcomes.push(outcome);
    }
    return outcomes;
  }

  /** Back to the state right after construction: ledger, call stack, slot, chain id, gas; no events. */
  reset(): void {
    this.ctx.ledger.rollback(this.initial.ledgerMark);
    this.ctx.deferredCalls.rollback(this.initial.deferredCallsMark);
    this.ctx.stack = this.initial.frames.map(toStackFrame);
    this.ctx.slot = new SlotContext(this.initial.slot);
    this.host.chainId = this.initial.chainId;
    this.ctx.originOperationId = this.initial.operationId;
    this.clearEvents();
    this.beginOperation(this.initial.gas);
  }

  // Tracing (a unit-test host's `mason test --trace`): the module's run is one traced execution.

  /**
   * Records into `tracer`, until `stopTrace`, what the module does as the root frame `functionName`
   * of the top address: its ABI calls, and the frames of the contracts they call, with gas and effects.
   */
  startTrace(tracer: ExecutionTracer, functionName: string): void {
    beginTrace(this.ctx, tracer, 'CallSC', this.env.remainingGas);
    enterRootFrame(this.ctx, tracer, functionName);
    this.traceStartGas = this.env.remainingGas;
  }

  /** Ends the recording `startTrace` began (`failure`: why the module failed) and returns the trace; undefined when none was in progress. */
  stopTrace(failure?: { message: string; code?: string }): ExecutionTrace | undefined {
    const tracer = this.ctx.tracer;
    if (tracer === undefined) return undefined;
    this.ctx.tracer = undefined;
    const left = this.env.remainingGas;
    const used = this.traceStartGas > left ? this.traceStartGas - left : 0n;
    if (failure === undefined) tracer.exitFrame(used, false);
    tracer.finish(failure === undefined, used, failure);
    return tracer.trace;
  }
}
