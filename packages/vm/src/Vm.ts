import { Address, formatMas, type Datastore, type Slot } from '@mason/codec';
import { randomBytes } from 'node:crypto';
import { VmError } from './errors.js';
import type { ExecutionContext, ExecutionHost } from './execution/ExecutionContext.js';
import { checkTargetScAddress, transferCoins } from './execution/contextLedger.js';
import { datastoreMap } from './execution/datastoreMap.js';
import { ContextError, detail, ExecutionFailure } from './execution/failures.js';
import { loadModule } from './execution/loadModule.js';
import { ModuleCache } from './execution/ModuleCache.js';
import { MAIN_FUNCTION } from './execution/runFunction.js';
import { executeAsyncMessage } from './executeAsyncMessage.js';
import { executeOperation, type OperationPlan, type PreparedRun } from './executeOperation.js';
import { HostedInstance, type HostedInstanceOptions } from './HostedInstance.js';
import type { AsyncMessage } from './asyncMessages.js';
import type { ExecutionResult, ReadOnlyResult } from './ExecutionResult.js';
import { createGasCosts, type GasCosts } from './gas/GasCosts.js';
import { SlotContext, type SlotContextInit } from './SlotContext.js';
import type { LedgerReader, LedgerState } from './state/LedgerState.js';
import { MemoryLedger } from './state/MemoryLedger.js';
import { NODE_LIMITS, type VmLimits } from './VmLimits.js';
import type { ExecutionTracer } from './trace/ExecutionTracer.js';
import { type DeferredCallReader, type DeferredCallState, isDeferredCallReader, isDeferredCallState } from './deferredCalls/DeferredCall.js';
import { executeDeferredCallsOfSlot, type DeferredSlotOutcome } from './deferredCalls/executeDeferredCalls.js';
import { MemoryDeferredCalls } from './deferredCalls/MemoryDeferredCalls.js';

export interface VmOptions {
  /** Ledger the VM runs against and commits to; default an empty MemoryLedger. */
  state?: LedgerState;
  /** Deferred-call registry; default the state when it is one (the devnet's ledgers), else an empty MemoryDeferredCalls. */
  deferredCalls?: DeferredCallState;
  /** Chain id returned by `chain_id` (77 for a sandbox, 77658377 mainnet, 77658366 buildnet). */
  chainId: bigint | number;
  /** Raw gas table in the node's JSON format, or prepared costs; default the node's table. */
  gasCosts?: Readonly<Record<string, number>> | GasCosts;
  limits?: Partial<VmLimits>;
  /** Share compiled modules between VMs with the same gas costs and limits. */
  moduleCache?: ModuleCache;
  /** Receives `print` output (the node logs it at debug level). */
  onPrint?: (message: string, callStack: readonly string[]) => void;
  /**
   * Unit-test hosts only: address arguments that are not valid addresses (vm-mock's made-up
   * `AU…`/`AS…` strings) are kept as ledger keys instead of failing, and `validate_address` also
   * accepts vm-mock's rule (prefix and length). A node, and the devnet, never do.
   */
  lenientAddresses?: boolean;
}

export interface RunOptions {
  /** The slot's shared context, or what to build a fresh one from; default slot (0, 0) at time 0. */
  context?: SlotContext | SlotContextInit;
  /** Run against this ledger instead of the VM's. */
  state?: LedgerState;
  /** Records the execution's call tree into this tracer (read `tracer.trace` afterwards). */
  tracer?: ExecutionTracer;
}

export interface ExecuteScRequest extends RunOptions {
  bytecode: Uint8Array;
  /** Sender of the operation (`AU…`). */
  caller: string;
  maxGas: bigint | number;
  /** Most the sender may lose, storage costs included; unchecked when absent. */
  maxCoins?: bigint | number;
  /** The operation datastore (e.g. the deployer's keys). */
  datastore?: Datastore | ReadonlyMap<Uint8Array, Uint8Array>;
  operationId?: string;
  /** Apply the changes to the state on success (default true). */
  commit?: boolean;
}

export interface CallScRequest extends RunOptions {
  caller: string;
  target: string;
  function: string;
  param?: Uint8Array;
  coins?: bigint | number;
  maxGas: bigint | number;
  operationId?: string;
  commit?: boolean;
  /**
   * Unit-test hosts only: more addresses the caller may write to, as a deployer owns the contract
   * it created while it calls its constructor. A CallSC operation never has any.
   */
  callerOwns?: readonly string[];
}

export interface DeferredCallsRequest {
  /** The slot being executed (not read-only). */
  context: SlotContext | SlotContextInit;
  /** The slot whose calls run, when not the context's (a host that skipped that slot runs its calls late). */
  dueSlot?: Slot;
  state?: LedgerState;
  deferredCalls?: DeferredCallState;
}

export interface AsyncMessageRequest extends RunOptions {
  /** A message emitted by `send_message` (see `ExecutionResult.asyncMessages`). */
  message: AsyncMessage;
  commit?: boolean;
}

export interface ReadOnlyCallRequest extends RunOptions {
  /** Default: a fresh random user address with no balance, as a node does. */
  caller?: string;
  target: string;
  function: string;
  param?: Uint8Array;
  coins?: bigint | number;
  fee?: bigint | number;
  maxGas: bigint | number;
}

export interface ReadOnlyBytecodeRequest extends RunOptions {
  bytecode: Uint8Array;
  caller?: string;
  datastore?: Datastore | ReadonlyMap<Uint8Array, Uint8Array>;
  fee?: bigint | number;
  maxGas: bigint | number;
}

function randomUserAddress(): string {
  return Address.fromHash('user', new Uint8Array(randomBytes(32))).toString();
}

/**
 * Runs Massa AssemblyScript smart contracts the way a node does: one instance per call, the node's
 * host functions, gas metering, limits and error texts, over a journaled ledger.
 */
export class Vm {
  readonly state: LedgerState;
  readonly gasCosts: GasCosts;
  readonly limits: VmLimits;
  readonly modules: ModuleCache;
  /** The registry of deferred calls used with the VM's own state. */
  readonly deferredCalls: DeferredCallState;
  private readonly host: ExecutionHost;

  constructor(options: VmOptions) {
    this.state = options.state ?? new MemoryLedger();
    const costs = options.gasCosts;
    this.gasCosts = costs && 'abi' in costs && costs.abi instanceof Map ? (costs as GasCosts) : createGasCosts(costs as Record<string, number> | undefined);
    this.limits = { ...NODE_LIMITS, ...options.limits };
    this.modules = options.moduleCache ?? new ModuleCache(this.gasCosts, this.limits.condom);
    this.deferredCalls = options.deferredCalls ?? (isDeferredCallState(this.state) ? this.state : new MemoryDeferredCalls());
    this.host = {
      gasCosts: this.gasCosts,
      limits: this.limits,
      chainId: BigInt(options.chainId),
      modules: this.modules,
      onPrint: options.onPrint,
      lenientAddresses: options.lenientAddresses ?? false,
    };
  }

  /** The registry that goes with a state: the state itself when it is one (the devnet's ledgers), else the VM's. */
  private registryOf(state: LedgerReader | undefined): DeferredCallReader {
    if (state === undefined || state === this.state) return this.deferredCalls;
    return isDeferredCallReader(state) ? state : this.deferredCalls;
  }

  private slotContext(options: RunOptions, readOnly: boolean): SlotContext {
    const given = options.context;
    if (given instanceof SlotContext && !readOnly) return given;
    const init: SlotContextInit = given ?? { slot: { period: 0, thread: 0 }, timestamp: 0 };
    return new SlotContext({
      slot: init.slot,
      timestamp: init.timestamp,
      blockId: readOnly ? null : (init.blockId ?? null),
      ...(init.executionTrailHash ? { executionTrailHash: init.executionTrailHash } : {}),
      readOnly,
    });
  }

  /** An ExecuteSC operation: runs `main` of `bytecode` as `caller`, with the operation datastore. */
  executeSC(request: ExecuteScRequest): ExecutionResult {
    const maxGas = BigInt(request.maxGas);
    const host = this.host;
    const caller = request.caller;
    const maxCoins = request.maxCoins === undefined ? undefined : BigInt(request.maxCoins);
    let minimumBalance: bigint | undefined;
    const plan: OperationPlan = {
      host,
      state: request.state ?? this.state,
      deferredCalls: this.registryOf(request.state),
      slot: this.slotContext(request, false),
      operationId: request.operationId ?? null,
      maxGas,
      vmContext: 'ExecuteSC',
      tracer: request.tracer,
      emitErrorEvent: true,
      commit: request.commit ?? true,
      prepare: (ctx) => {
        if (maxCoins !== undefined) {
          const balance = ctx.ledger.getBalance(caller) ?? 0n;
          minimumBalance = balance > maxCoins ? balance - maxCoins : 0n;
        }
        ctx.stack = [{ address: caller, coins: 0n, ownedAddresses: [caller], operationDatastore: datastoreMap(request.datastore) }];
        const compiled = loadModule(host, request.bytecode, maxGas, 'temporary');
        return { compiled, functionName: MAIN_FUNCTION, param: new Uint8Array() };
      },
      verify: (ctx) => checkMaxSpending(ctx, caller, minimumBalance),
    };
    return this.strip(executeOperation(plan, MAIN_FUNCTION));
  }

  /** A CallSC operation: `caller` calls `function` of `target` with `param`, sending `coins`. */
  callSC(request: CallScRequest): ExecutionResult {
    const maxGas = BigInt(request.maxGas);
    const coins = BigInt(request.coins ?? 0);
    const { caller, target } = request;
    let minimumBalance: bigint | undefined;
    const plan: OperationPlan = {
      host: this.host,
      state: request.state ?? this.state,
      deferredCalls: this.registryOf(request.state),
      slot: this.slotContext(request, false),
      operationId: request.operationId ?? null,
      maxGas,
      vmContext: 'CallSC',
      tracer: request.tracer,
      emitErrorEvent: true,
      commit: request.commit ?? true,
      prepare: (ctx) => {
        const balance = ctx.ledger.getBalance(caller) ?? 0n;
        minimumBalance = balance > coins ? balance - coins : 0n;
        const prepared = this.prepareCall(ctx, caller, target, request.function, request.param, coins, undefined, maxGas, 'operation');
        if (request.callerOwns?.length) ctx.stack[0]!.ownedAddresses.push(...request.callerOwns);
        return prepared;
      },
      verify: (ctx) => checkMaxSpending(ctx, caller, minimumBalance),
    };
    return this.strip(executeOperation(plan, request.function));
  }

  /**
   * Executes an asynchronous message whose slot has come (the host keeps the pool and picks the
   * messages): runs its handler with its own gas; on failure its coins go back to the sender.
   */
  executeAsyncMessage(request: AsyncMessageRequest): ExecutionResult {
    return this.strip(
      executeAsyncMessage({
        host: this.host,
        state: request.state ?? this.state,
        deferredCalls: this.registryOf(request.state),
        slot: this.slotContext(request, false),
        message: request.message,
        commit: request.commit ?? true,
        tracer: request.tracer,
      }),
    );
  }

  /**
   * Runs the deferred calls registered for the slot of `context`, as a node does first thing in a
   * slot (see executeDeferredCallsOfSlot); the host calls it once per executed slot, before the
   * slot's operations and asynchronous messages.
   */
  executeDeferredCalls(request: DeferredCallsRequest): DeferredSlotOutcome {
    const state = request.state ?? this.state;
    return executeDeferredCallsOfSlot({
      host: this.host,
      state,
      deferredCalls: request.deferredCalls ?? (this.registryOf(request.state) as DeferredCallState),
      slot: this.slotContext({ context: request.context }, false),
      ...(request.dueSlot && { dueSlot: request.dueSlot }),
    });
  }

  /**
   * The VM's host functions bound to a module instantiated by someone else (e.g. a unit-test module
   * instantiated by as-pect), running as the top frame of `callStack`. See HostedInstance.
   */
  hostInstance(options: HostedInstanceOptions): HostedInstance {
    const chainId = options.chainId === undefined ? this.host.chainId : BigInt(options.chainId);
    return new HostedInstance({ ...this.host, chainId }, options.state ?? this.state, options, this.registryOf(options.state));
  }

  /** `execute_read_only_call`: like CallSC but nothing is committed; returns the node's gas estimate. */
  readOnlyCall(request: ReadOnlyCallRequest): ReadOnlyResult {
    const maxGas = this.checkReadOnlyGas(request.maxGas);
    const caller = request.caller ?? randomUserAddress();
    const coins = request.coins === undefined ? undefined : BigInt(request.coins);
    const fee = request.fee === undefined ? undefined : BigInt(request.fee);
    const plan: OperationPlan = {
      host: this.host,
      state: request.state ?? this.state,
      deferredCalls: this.registryOf(request.state),
      slot: this.slotContext(request, true),
      operationId: null,
      maxGas,
      vmContext: 'ReadOnlyExecutionTarget::FunctionCall',
      tracer: request.tracer,
      emitErrorEvent: false,
      commit: false,
      prepare: (ctx) => this.prepareCall(ctx, caller, request.target, request.function, request.param, coins, fee, maxGas, 'readOnly'),
    };
    return this.readOnlyResult(executeOperation(plan, request.function), maxGas);
  }

  /** `execute_read_only_bytecode`: runs `main` of `bytecode`, commits nothing. */
  readOnlyBytecode(request: ReadOnlyBytecodeRequest): ReadOnlyResult {
    const maxGas = this.checkReadOnlyGas(request.maxGas);
    const caller = request.caller ?? randomUserAddress();
    const fee = request.fee === undefined ? undefined : BigInt(request.fee);
    const host = this.host;
    const plan: OperationPlan = {
      host,
      state: request.state ?? this.state,
      deferredCalls: this.registryOf(request.state),
      slot: this.slotContext(request, true),
      operationId: null,
      maxGas,
      vmContext: 'ReadOnlyExecutionTarget::BytecodeExecution',
      tracer: request.tracer,
      emitErrorEvent: false,
      commit: false,
      prepare: (ctx) => {
        ctx.stack = [{ address: caller, coins: 0n, ownedAddresses: [caller], operationDatastore: datastoreMap(request.datastore) }];
        if (fee !== undefined) transferCoins(ctx, caller, undefined, fee, false);
        const compiled = loadModule(host, request.bytecode, maxGas, 'temporary');
        return { compiled, functionName: MAIN_FUNCTION, param: new Uint8Array() };
      },
    };
    return this.readOnlyResult(executeOperation(plan, MAIN_FUNCTION), maxGas);
  }

  private prepareCall(
    ctx: ExecutionContext,
    caller: string,
    target: string,
    functionName: string,
    param: Uint8Array | undefined,
    coins: bigint | undefined,
    fee: bigint | undefined,
    maxGas: bigint,
    mode: 'operation' | 'readOnly',
  ): PreparedRun {
    ctx.stack = [
      { address: caller, coins: 0n, ownedAddresses: [caller], operationDatastore: undefined },
      { address: target, coins: coins ?? 0n, ownedAddresses: [target], operationDatastore: undefined },
    ];
    checkTargetScAddress(ctx, target);
    if (mode === 'operation') {
      try {
        transferCoins(ctx, caller, target, coins ?? 0n, false);
      } catch (error) {
        if (!(error instanceof ContextError)) throw error;
        throw new ContextError(`failed to transfer ${formatMas(coins ?? 0n)} operation coins from ${caller} to ${target}: ${error.display}`, 'MASON_VM_COINS');
      }
      if (functionName === '') {
        throw new ContextError('no function to call in the CallSC operation', 'MASON_VM_FUNCTION_NOT_FOUND', { function: '' });
      }
    } else {
      if (fee !== undefined) transferCoins(ctx, caller, undefined, fee, false);
      if (coins !== undefined) transferCoins(ctx, caller, target, coins, false);
    }
    const bytecode = ctx.ledger.getBytecode(target) ?? new Uint8Array();
    const compiled = loadModule(this.host, bytecode, maxGas, 'stored');
    return { compiled, functionName, param: param ?? new Uint8Array() };
  }

  private checkReadOnlyGas(value: bigint | number): bigint {
    const maxGas = BigInt(value);
    if (maxGas > this.limits.maxReadOnlyGas) {
      throw new VmError('MASON_VM_TOO_MUCH_GAS', { gas: maxGas, maximum: this.limits.maxReadOnlyGas });
    }
    return maxGas;
  }

  private readOnlyResult(outcome: ReturnType<typeof executeOperation>, maxGas: bigint): ReadOnlyResult {
    const result = this.strip(outcome);
    if (!result.ok) return { ...result, gasCost: 0n };
    const before = outcome.ctx.gasRemainingBeforeSubexecution;
    const corrected = (before === undefined ? 0n : maxGas - before) + this.gasCosts.maxInstance;
    return { ...result, gasCost: result.gasUsed > corrected ? result.gasUsed : corrected };
  }

  private strip(outcome: ReturnType<typeof executeOperation>): ExecutionResult {
    const { ctx: _ctx, ...result } = outcome;
    return result;
  }
}

/** The node's end-of-operation rule: the sender must keep `balance before − max spending`. */
function checkMaxSpending(ctx: ExecutionContext, sender: string, minimum: bigint | undefined): void {
  if (minimum === undefined) return;
  const balance = ctx.ledger.getBalance(sender) ?? 0n;
  if (balance < minimum) {
    throw new ExecutionFailure(
      `Runtime error: at the end of the execution of the operation, the sender ${sender} was expected to have at least ${formatMas(minimum)} coins according to the operation's max spending, but has only ${formatMas(balance)}.`,
      detail('MASON_VM_MAX_SPENDING', { sender, minimum, balance }),
    );
  }
}
