import { bytesEqual, compareSlots, type Slot } from '@mason/codec';
import { ExecutionTracer, type AsyncMessage } from '@mason/vm';
import { ASYNC_MSG_CST_GAS_COST, MAX_ASYNC_POOL_LENGTH, pooledMessageId, type PooledAsyncMessage } from '../asyncPool/asyncPoolState.js';
import type { SCOutputEvent } from '../events/eventStore.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import type { ExecutionEnvironment } from './ExecutionEnvironment.js';
import { creditIfAccepted } from '../ledger/moveCoins.js';
import { asyncMessageTrace } from '../traces/operationTrace.js';

/** Adds the messages an operation emitted (its coins and fee are already taken) to the pool. */
export function addEmittedMessages(ledger: DevnetLedger, messages: readonly AsyncMessage[]): void {
  for (const message of messages) {
    const entry: PooledAsyncMessage = { message, canBeExecuted: message.trigger === undefined };
    ledger.write({ kind: 'asyncMessage', id: pooledMessageId(message), value: entry });
  }
}

const isReady = (slot: Slot, message: AsyncMessage): boolean => compareSlots(slot, message.validityStart) >= 0 && compareSlots(slot, message.validityEnd) <= 0;

/**
 * Step 3 of the node's slot execution: takes the messages valid at this slot, best priority
 * first, while their max gas (+ 1,000,000 each) fits `availableGas`, removes them from the pool,
 * and runs each in the VM. A failing handler is rolled back with the node's error event and its
 * coins go back to the sender (the VM does both); the fee is never refunded.
 */
export function executeAsyncMessages(env: ExecutionEnvironment, availableGas: bigint, traces?: Array<[string, string]>): SCOutputEvent[] {
  const { ledger, slot } = env;
  const batch: AsyncMessage[] = [];
  let gas = availableGas;
  for (const { id, entry } of ledger.asyncPool.ordered()) {
    const cost = entry.message.maxGas + ASYNC_MSG_CST_GAS_COST;
    if (gas < cost || !entry.canBeExecuted || !isReady(slot.slot, entry.message)) continue;
    gas -= cost;
    batch.push(entry.message);
    ledger.write({ kind: 'asyncMessage', id, value: null });
  }
  const events: SCOutputEvent[] = [];
  for (const message of batch) {
    const tracer = traces && new ExecutionTracer();
    const result = env.vm.executeAsyncMessage({ message, context: slot, tracer });
    const trace = tracer && asyncMessageTrace(tracer, message, slot);
    if (trace !== undefined) traces!.push(trace);
    events.push(...result.events);
    addEmittedMessages(ledger, result.asyncMessages);
  }
  return events;
}

/**
 * The pool's part of settling a slot: drops expired messages (validity end passed) and, beyond
 * 500 messages, those of lowest priority, refunding their coins to their senders; then activates
 * the messages whose trigger saw a write among this slot's ledger changes.
 */
export function settleAsyncPool(env: ExecutionEnvironment): void {
  const { ledger, journal, slot } = env;
  const pool = ledger.asyncPool;
  if (pool.size === 0) return;
  const slotChanges = [...journal.pending];
  const eliminated: Array<{ id: string; message: AsyncMessage }> = [];
  const kept: Array<{ id: string; entry: PooledAsyncMessage }> = [];
  for (const item of pool.ordered()) {
    if (compareSlots(slot.slot, item.entry.message.validityEnd) > 0) eliminated.push({ id: item.id, message: item.entry.message });
    else kept.push(item);
  }
  for (const { id, entry } of kept.splice(MAX_ASYNC_POOL_LENGTH)) eliminated.push({ id, message: entry.message });
  for (const { id, entry } of kept) {
    const trigger = entry.message.trigger;
    if (trigger && !entry.canBeExecuted && hasWrites(slotChanges, trigger.address, trigger.datastoreKey)) {
      ledger.write({ kind: 'asyncMessage', id, value: { message: entry.message, canBeExecuted: true } });
    }
  }
  for (const { id, message } of eliminated) {
    ledger.write({ kind: 'asyncMessage', id, value: null });
    // The node's cancel_async_message: a refund that cannot be made (a vanished contract, a new address below the entry cost) is dropped.
    creditIfAccepted(ledger, message.sender, message.coins, env.vm.limits.ledgerEntryBaseCost);
  }
}

/** The node's `has_writes`: the slot changed the address (or, with a key, that datastore entry). */
function hasWrites(changes: readonly BlockChange[], address: string, key: Uint8Array | undefined): boolean {
  return changes.some((change) => {
    if (change.kind === 'asyncMessage' || change.kind === 'rolls' || change.kind === 'deferred' || !('address' in change)) return false;
    if (change.address !== address) return false;
    return key === undefined || (change.kind === 'data' && bytesEqual(change.key, key));
  });
}
