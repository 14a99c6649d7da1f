import type { Slot } from '@mason/codec';
import type { DeferredCallReader } from './DeferredCall.js';
import { DEFERRED_CALLS } from './deferredCallConfig.js';

const U64_MAX = (1n << 64n) - 1n;
const U128_MAX = (1n << 128n) - 1n;
const satSub = (a: bigint, b: bigint): bigint => (a > b ? a - b : 0n);
const satMul128 = (a: bigint, b: bigint): bigint => (a * b > U128_MAX ? U128_MAX : a * b);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Slots from `from` to `to` (`Slot::slots_since`); negative when `to` is earlier. */
export function slotsBetween(from: Slot, to: Slot, threadCount: number): bigint {
  return (BigInt(to.period) - BigInt(from.period)) * BigInt(threadCount) + BigInt(to.thread - from.thread);
}

/** The node's `overbooking_fee`: zero below the target occupancy, then growing with the square of the excess. */
function overbookingFee(supply: bigint, target: bigint, occupancy: bigint, request: bigint, maxPenalty: bigint): bigint {
  const before = satSub(occupancy, target);
  const after = satSub(max(occupancy + request, target), target);
  const denominator = supply - target;
  const fee = satMul128(maxPenalty, satSub(satMul128(after, after), satMul128(before, before))) / satMul128(denominator, denominator);
  return min(fee, U64_MAX);
}

/** Storage part of the price (`DeferredCall::get_storage_cost`), refunded to the sender at the target slot. */
export function deferredCallStorageCost(paramsSize: bigint, costPerByte: bigint, maxFunctionNameLength: number): bigint {
  return min(costPerByte * (paramsSize + BigInt(maxFunctionNameLength) + DEFERRED_CALLS.storedCallBaseSize), U64_MAX);
}

export interface DeferredCallQuoteRequest {
  targetSlot: Slot;
  /** The call's max gas plus the constant 750,000. */
  gasRequest: bigint;
  currentSlot: Slot;
  paramsSize: bigint;
  threadCount: number;
  costPerByte: bigint;
  maxFunctionNameLength: number;
  maxParameterSize: number;
}

/**
 * The node's `compute_call_fee` (`massa-execution-worker/src/speculative_deferred_calls.rs`): the
 * price of booking `gasRequest` in `targetSlot`, or the reason it cannot be booked (the slot is
 * not after the current one, more than 1,209,600 slots ahead, would exceed 1,000,000,000 booked
 * gas, or the parameters exceed 10 MB). Price = slot base fee × gas + global overbooking fee +
 * slot overbooking fee + storage cost.
 */
export function computeDeferredCallFee(
  registry: DeferredCallReader,
  request: DeferredCallQuoteRequest,
): { ok: true; fee: bigint } | { ok: false; reason: string } {
  const { targetSlot, gasRequest, currentSlot, paramsSize } = request;
  const ahead = slotsBetween(currentSlot, targetSlot, request.threadCount);
  if (ahead <= 0n) return { ok: false, reason: 'Target slot is in the past.' };
  if (ahead > DEFERRED_CALLS.maxFutureSlots) return { ok: false, reason: 'Target slot is too far in the future.' };
  const slotOccupancy = registry.deferredSlotGas(targetSlot);
  if (slotOccupancy + gasRequest > DEFERRED_CALLS.maxSlotGas) return { ok: false, reason: 'Not enough gas available in the target slot.' };
  if (paramsSize > BigInt(request.maxParameterSize)) return { ok: false, reason: 'Parameters size is too big.' };

  const integral = min(registry.deferredSlotBaseFee(targetSlot) * gasRequest, U64_MAX);
  const global = overbookingFee(
    DEFERRED_CALLS.maxSlotGas * DEFERRED_CALLS.maxFutureSlots,
    DEFERRED_CALLS.maxFutureSlots * DEFERRED_CALLS.targetBooking,
    registry.deferredTotalGas(),
    gasRequest,
    DEFERRED_CALLS.globalOverbookingPenalty,
  );
  const slot = overbookingFee(DEFERRED_CALLS.maxSlotGas, DEFERRED_CALLS.targetBooking, slotOccupancy, gasRequest, DEFERRED_CALLS.slotOverbookingPenalty);
  const storage = deferredCallStorageCost(paramsSize, request.costPerByte, request.maxFunctionNameLength);
  return { ok: true, fee: min(integral + global + slot + storage, U64_MAX) };
}

/**
 * The base fee of the slot a new slot opens for booking (`advance_slot`): the previous slot's
 * (10 when unset), raised when the average booking of the period is above half a slot's gas,
 * lowered (not under 10) when below, capped at 1,000,000,000.
 */
export function nextBaseFee(previousBaseFee: bigint, totalBookedGas: bigint): bigint {
  const previous = previousBaseFee === 0n ? DEFERRED_CALLS.minGasCost : previousBaseFee;
  const average = totalBookedGas / DEFERRED_CALLS.maxFutureSlots;
  const target = DEFERRED_CALLS.targetBooking;
  if (average === target) return previous;
  if (average > target) {
    const step = max(min(average - target, U64_MAX) / DEFERRED_CALLS.baseFeeMaxChangeDenominator, DEFERRED_CALLS.minGasIncrement);
    return min(DEFERRED_CALLS.maxBaseFee, min(previous + step, U64_MAX));
  }
  const step = min(target - average, U64_MAX) / DEFERRED_CALLS.baseFeeMaxChangeDenominator;
  return min(DEFERRED_CALLS.maxBaseFee, max(satSub(previous, step), DEFERRED_CALLS.minGasCost));
}
