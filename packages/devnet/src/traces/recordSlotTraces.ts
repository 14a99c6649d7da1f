import type { SlotExecution } from '../execution/executeSlot.js';
import type { TraceStore } from './TraceStore.js';

/** Keeps the traces of a slot's execution: each executed operation's (by its id, in `operationIds` order) and each asynchronous message's. */
export function recordSlotTraces(store: TraceStore, operationIds: readonly string[], execution: SlotExecution): void {
  execution.operations.forEach((outcome, index) => {
    const id = operationIds[index];
    if (outcome.executed && outcome.trace !== undefined && id !== undefined) store.add(id, outcome.trace);
  });
  for (const [id, json] of execution.asyncTraces ?? []) store.add(id, json);
}
