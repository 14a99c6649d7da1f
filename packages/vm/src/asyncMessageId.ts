import { compareSlots, concatBytes, encodeBase58check, encodeVarint, type Slot } from '@mason/codec';
import type { AsyncMessage } from './asyncMessages.js';

/**
 * The node's `AsyncMessageId`: `(Reverse(fee / max(max_gas, 1)), emission_slot, emission_index)`,
 * the fee-per-gas ratio in lowest terms. Ordering ids orders messages by priority: best fee per
 * gas first, then the oldest emission.
 */
export interface AsyncMessageId {
  feeNumerator: bigint;
  feeDenominator: bigint;
  emissionSlot: Slot;
  emissionIndex: bigint;
}

/** How the node's JSON shows an id (`async_msg_id` of an event): `[[numerator, denominator], slot, index]`. */
export type AsyncMessageIdJson = [[number, number], Slot, number];

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function asyncMessageId(message: Pick<AsyncMessage, 'fee' | 'maxGas' | 'emissionSlot' | 'emissionIndex'>): AsyncMessageId {
  const denominator = message.maxGas > 0n ? message.maxGas : 1n;
  // num's Ratio::new reduces; 0 / d becomes 0 / 1.
  const divisor = message.fee === 0n ? denominator : gcd(message.fee, denominator);
  return {
    feeNumerator: message.fee / divisor,
    feeDenominator: denominator / divisor,
    emissionSlot: { period: message.emissionSlot.period, thread: message.emissionSlot.thread },
    emissionIndex: message.emissionIndex,
  };
}

/** Negative when `a` has the higher priority (it is executed, and kept on overflow, first). */
export function compareAsyncMessageIds(a: AsyncMessageId, b: AsyncMessageId): number {
  const left = a.feeNumerator * b.feeDenominator;
  const right = b.feeNumerator * a.feeDenominator;
  if (left !== right) return left > right ? -1 : 1;
  const slots = compareSlots(a.emissionSlot, b.emissionSlot);
  if (slots !== 0) return slots;
  return a.emissionIndex === b.emissionIndex ? 0 : a.emissionIndex < b.emissionIndex ? -1 : 1;
}

/** The node's text form: `ASC` + bs58check(varint numerator ‖ varint denominator ‖ slot ‖ varint index). */
export function formatAsyncMessageId(id: AsyncMessageId): string {
  const bytes = concatBytes(
    encodeVarint(id.feeNumerator),
    encodeVarint(id.feeDenominator),
    encodeVarint(BigInt(id.emissionSlot.period)),
    Uint8Array.of(id.emissionSlot.thread),
    encodeVarint(id.emissionIndex),
  );
  return 'ASC' + encodeBase58check(bytes);
}

/** The JSON form. Numbers, as the node writes them (exact up to 2^53). */
export function asyncMessageIdJson(id: AsyncMessageId): AsyncMessageIdJson {
  return [[Number(id.feeNumerator), Number(id.feeDenominator)], { ...id.emissionSlot }, Number(id.emissionIndex)];
}
