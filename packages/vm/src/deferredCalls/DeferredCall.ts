import type { Slot } from '@mason/codec';

/** A call registered with `deferred_call_register`, as the node stores it (`massa-deferred-calls` `DeferredCall`). */
export interface DeferredCall {
  /** The address that registered it (the frame that called the ABI); the only one that may cancel it. */
  sender: string;
  targetSlot: Slot;
  /** The smart contract to call. */
  target: string;
  function: string;
  parameters: Uint8Array;
  /** Locked at registration, given to the target at execution (refunded on cancel or failure). nanoMAS. */
  coins: bigint;
  /** Gas of the call, without the constant 750,000 the slot books on top of it. */
  maxGas: bigint;
  /** The booking price paid at registration (never refunded; its storage part comes back at the target slot). nanoMAS. */
  fee: bigint;
  cancelled: boolean;
}

/**
 * One write to the deferred-call registry, absolute (the value after the write), like a ledger
 * write: a host replays a list of them on another copy of the registry with the same result.
 * Gas values are the slot's and the registry's booked gas (each call's max gas + 750,000).
 */
export type DeferredCallWrite =
  | { kind: 'deferredCall'; id: string; slot: Slot; value: DeferredCall | null }
  | { kind: 'deferredSlotGas'; slot: Slot; value: bigint }
  | { kind: 'deferredBaseFee'; slot: Slot; value: bigint }
  | { kind: 'deferredTotalGas'; value: bigint };

/** Read access to a deferred-call registry. */
export interface DeferredCallReader {
  getDeferredCall(id: string): DeferredCall | undefined;
  /** Ids of the calls of `slot` (cancelled ones included), in the node's order (id bytes). */
  deferredCallIds(slot: Slot): string[];
  /** Gas booked in `slot`. */
  deferredSlotGas(slot: Slot): bigint;
  /** Base price per gas unit of `slot` in nanoMAS (0 when never set). */
  deferredSlotBaseFee(slot: Slot): bigint;
  /** Gas booked in all future slots together. */
  deferredTotalGas(): bigint;
}

/** A registry the VM can run against and commit to. */
export interface DeferredCallState extends DeferredCallReader {
  applyDeferredCallWrites(writes: readonly DeferredCallWrite[]): void;
}

export function isDeferredCallReader(value: unknown): value is DeferredCallReader {
  return typeof (value as DeferredCallReader | undefined)?.getDeferredCall === 'function';
}

export function isDeferredCallState(value: unknown): value is DeferredCallState {
  return isDeferredCallReader(value) && typeof (value as DeferredCallState).applyDeferredCallWrites === 'function';
}
