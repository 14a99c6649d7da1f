import { previousSlot, type SCOutputEvent, type Slot } from '@mason/codec';
import { checkTargetScAddress, transferCoins } from '../execution/contextLedger.js';
import { ExecutionContext, type ExecutionHost } from '../execution/ExecutionContext.js';
import { ContextError } from '../execution/failures.js';
import { loadModule } from '../execution/loadModule.js';
import { executeOperation } from '../executeOperation.js';
import type { ExecutionResult } from '../ExecutionResult.js';
import type { SlotContext } from '../SlotContext.js';
import { SpeculativeLedger } from '../state/SpeculativeLedger.js';
import type { LedgerState } from '../state/LedgerState.js';
import type { DeferredCall, DeferredCallState, DeferredCallWrite } from './DeferredCall.js';
import { DEFERRED_CALLS } from './deferredCallConfig.js';
import { deferredCallStorageCost, nextBaseFee } from './deferredCallFee.js';

export interface DeferredSlotRun {
  host: ExecutionHost;
  state: LedgerState;
  deferredCalls: DeferredCallState;
  /** The slot being executed: its calls run now. */
  slot: SlotContext;
  /** The slot whose calls run, when not the context's: a host that skipped a slot runs its calls late. */
  dueSlot?: Slot;
}

export interface DeferredCallExecution {
  id: string;
  call: DeferredCall;
  /** Absent for a cancelled call, which does not run. */
  result?: ExecutionResult;
}

export interface DeferredSlotOutcome {
  calls: DeferredCallExecution[];
  /** Events of the calls, in execution order. */
  events: SCOutputEvent[];
  /** Gas the slot's calls had booked (cancelled ones included): taken from the slot's asynchronous-message gas. */
  bookedGas: bigint;
}

const U64_MAX = (1n << 64n) - 1n;

/** `Slot::skip`: the slot `count` slots after `slot`. */
function skipSlots(slot: Slot, count: bigint, threadCount: number): Slot {
  const index = BigInt(slot.period) * BigInt(threadCount) + BigInt(slot.thread) + count;
  return { period: Number(index / BigInt(threadCount)), thread: Number(index % BigInt(threadCount)) };
}

const callsError = (text: string, code: 'MASON_VM_COINS' | 'MASON_VM_FUNCTION_NOT_FOUND' | 'MASON_VM_TARGET' = 'MASON_VM_TARGET') =>
  new ContextError(`Autonomous smart contract call error: ${text}`, code);

/**
 * Step 1 of the node's slot execution (`execute_slot`, `massa-execution-worker/src/execution.rs`):
 * `advance_slot` opens the slot 1,209,600 slots ahead for booking (its base fee from the average
 * booking), takes the slot's calls out of the registry and frees their gas; then, in id order,
 * each call gives the sender back its storage cost, and, unless cancelled, runs as its sender
 * calling `target.function(parameters)` with its coins and max gas + 750,000, events carrying its
 * `deferred_call_id`. A failing call is rolled back with the node's error event and its coins go
 * back to the sender (`deferred_call_fail_exec`); the booking fee is never refunded.
 */
export function executeDeferredCallsOfSlot(run: DeferredSlotRun): DeferredSlotOutcome {
  const { host, deferredCalls: registry } = run;
  const slot = run.dueSlot ?? run.slot.slot;
  const threadCount = host.limits.threadCount;
  const ids = registry.deferredCallIds(slot);
  const calls = ids.map((id) => ({ id, call: registry.getDeferredCall(id)! }));
  const totalBefore = registry.deferredTotalGas();
  const bookedGas = registry.deferredSlotGas(slot);

  const opened = skipSlots(slot, DEFERRED_CALLS.maxFutureSlots, threadCount);
  const previous = previousSlot(opened, threadCount)!;
  const writes: DeferredCallWrite[] = [{ kind: 'deferredBaseFee', slot: opened, value: nextBaseFee(registry.deferredSlotBaseFee(previous), totalBefore) }];
  if (bookedGas > 0n) writes.push({ kind: 'deferredTotalGas', value: totalBefore > bookedGas ? totalBefore - bookedGas : 0n });
  // The slot can no longer be booked: its gas and base fee are forgotten with its calls.
  writes.push({ kind: 'deferredSlotGas', slot, value: 0n }, { kind: 'deferredBaseFee', slot, value: 0n });
  for (const { id } of calls) writes.push({ kind: 'deferredCall', id, slot, value: null });
  registry.applyDeferredCallWrites(writes);

  const outcome: DeferredSlotOutcome = { calls: [], events: [], bookedGas };
  for (const { id, call } of calls) {
    refundStorageCost(run, call);
    if (call.cancelled) {
      outcome.calls.push({ id, call });
      continue;
    }
    const result = executeDeferredCall(run, id, call);
    outcome.calls.push({ id, call, result });
    outcome.events.push(...result.events);
  }
  return outcome;
}

/** The storage part of the booking price goes back to the sender at the target slot, whatever happens next (a failed credit is ignored). */
function refundStorageCost(run: DeferredSlotRun, call: DeferredCall): void {
  const ledger = new SpeculativeLedger(run.state);
  const ctx = new ExecutionContext(run.host, ledger, run.slot, null);
  const limits = run.host.limits;
  try {
    transferCoins(
      ctx,
      undefined,
      call.sender,
      deferredCallStorageCost(BigInt(call.parameters.length), DEFERRED_CALLS.costPerByte, limits.maxFunctionNameLength),
      false,
    );
  } catch (error) {
    if (!(error instanceof ContextError)) throw error;
    return;
  }
  run.state.applyChanges(ledger.changes());
}

function executeDeferredCall(run: DeferredSlotRun, id: string, call: DeferredCall): ExecutionResult {
  const { host } = run;
  const gas = call.maxGas + DEFERRED_CALLS.callConstantGas > U64_MAX ? U64_MAX : call.maxGas + DEFERRED_CALLS.callConstantGas;
  const { ctx: _ctx, ...result } = executeOperation(
    {
      host,
      state: run.state,
      deferredCalls: run.deferredCalls,
      slot: run.slot,
      operationId: null,
      maxGas: gas,
      vmContext: 'Deferred Call',
      emitErrorEvent: true,
      commit: true,
      prepare: (ctx) => {
        ctx.stack = [
          { address: call.sender, coins: 0n, ownedAddresses: [call.sender], operationDatastore: undefined },
          { address: call.target, coins: call.coins, ownedAddresses: [call.target], operationDatastore: undefined },
        ];
        ctx.deferredCallId = id;
        checkTargetScAddress(ctx, call.target);
        try {
          transferCoins(ctx, undefined, call.target, call.coins, false);
        } catch (error) {
          if (!(error instanceof ContextError)) throw error;
          throw callsError(`could not credit coins to target of deferred call execution: ${error.display}`, 'MASON_VM_COINS');
        }
        if (call.function === '') throw callsError('no function to call in the deferred call', 'MASON_VM_FUNCTION_NOT_FOUND');
        const bytecode = ctx.ledger.getBytecode(call.target);
        if (!bytecode) throw callsError('no bytecode found');
        // A module that cannot be loaded fails as the node's `Cache error: …`.
        return { compiled: loadModule(host, bytecode, gas, 'stored'), functionName: call.function, param: call.parameters };
      },
      afterFailure: (ctx) => {
        try {
          transferCoins(ctx, undefined, call.sender, call.coins, false);
        } catch (error) {
          if (!(error instanceof ContextError)) throw error;
        }
      },
    },
    call.function,
  );
  return result;
}
