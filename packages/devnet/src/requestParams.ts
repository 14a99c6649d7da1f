// The checks of JSON-RPC parameters, as the node (jsonrpsee, serde) refuses them: -32602 for a missing
// or mistyped one. Every feature that answers requests (rpc/*, readOnly/, traces/, deferredCalls/…) uses them.
import { Address, compareSlots, type Slot } from '@mason/codec';
import { ApiError } from './apiError.js';

/** A method's positional parameters: exactly `count` of them, else -32602 as the node's API answers a wrong count. */
export function exactly(params: unknown[], count: number): unknown[] {
  if (params.length !== count)
    throw ApiError.invalidParams(`Invalid params: expected ${count} positional parameter${count === 1 ? '' : 's'}, got ${params.length}`);
  return params;
}

/** Reads a required positional argument, answering -32602 as jsonrpsee does when it is missing or mistyped. */
export function required<T>(params: unknown[], index: number, check: (value: unknown) => value is T): T {
  const value = params[index];
  if (value === undefined || !check(value)) throw ApiError.invalidParams();
  return value;
}

export const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
const U64_MAX = 2n ** 64n - 1n;
/** A u64 as serde reads it: an integer in [0, 2^64 − 1], never a float. Above 2^53 it arrives as a bigint (rpc/json.ts). */
export const isU64 = (v: unknown): v is number | bigint =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'bigint' && v >= 0n && v <= U64_MAX);
/** For counts, offsets and periods compared with the chain's: any value past 2^53 is past everything the chain holds. */
export const toSafeNumber = (v: number | bigint): number => (typeof v === 'bigint' ? Number.MAX_SAFE_INTEGER : v);
export const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
export const isBytes = (v: unknown): v is number[] => Array.isArray(v) && v.every((b) => typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255);

/** A slot as given (its period may be a bigint past 2^53: echo it, or compare it through `chainSlot`). */
export function isSlot(v: unknown): v is Slot {
  return isObject(v) && isU64(v.period) && isU64(v.thread) && v.thread < 256;
}

/** A slot to compare with the chain's: a period past 2^53 becomes MAX_SAFE_INTEGER, past every real slot. */
export function chainSlot(slot: Slot): Slot {
  return { period: toSafeNumber(slot.period as number | bigint), thread: Number(slot.thread) };
}

export function optionalSlot(v: unknown): Slot | null {
  if (v === undefined || v === null) return null;
  if (!isSlot(v)) throw ApiError.invalidParams();
  return chainSlot(v);
}

/** Addresses given to the API must parse; a bad one is -32602 with the reason. */
export function parseAddress(text: unknown): string {
  if (typeof text !== 'string') throw ApiError.invalidParams();
  try {
    return Address.fromString(text).toString();
  } catch (error) {
    throw ApiError.invalidParams(`Invalid params: ${(error as Error).message}`);
  }
}

export function listLimit(list: unknown[], limit: number): void {
  if (list.length > limit) throw ApiError.badRequest('too many arguments');
}

export const slotMax = (a: Slot, b: Slot): Slot => (compareSlots(a, b) >= 0 ? a : b);
