import { compareSlots } from '@mason/codec';
import type { SCOutputEvent } from '../events/eventStore.js';
import type { ExecutionEnvironment } from '../execution/ExecutionEnvironment.js';

export interface DeferredCallsOfSlot {
  /** Events of the calls, in execution order. */
  events: SCOutputEvent[];
  /** Gas the executed slot had booked: taken from its asynchronous-message gas, as on a node. */
  bookedGas: bigint;
}

/**
 * Step 1 of the node's slot execution: the deferred calls registered for this slot run before
 * the block's operations. A node executes every slot; the devnet produces a block at each slot
 * that has calls, but when it runs late and skips one, that slot's calls run here first, in slot
 * order, in this slot's context.
 */
export function executeDueDeferredCalls(env: ExecutionEnvironment): DeferredCallsOfSlot {
  const { ledger, vm, slot } = env;
  const events: SCOutputEvent[] = [];
  for (let due = ledger.deferredCalls.earliestSlot(); due && compareSlots(due, slot.slot) < 0; due = ledger.deferredCalls.earliestSlot()) {
    events.push(...vm.executeDeferredCalls({ context: slot, dueSlot: due, state: ledger, deferredCalls: ledger }).events);
  }
  const current = vm.executeDeferredCalls({ context: slot, state: ledger, deferredCalls: ledger });
  events.push(...current.events);
  return { events, bookedGas: current.bookedGas };
}
