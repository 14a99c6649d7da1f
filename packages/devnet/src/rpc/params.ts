import { Address, compareSlots, type Slot } from '@mason/codec';
import { ApiError } from '../apiError.js';

/** Reads a required positional argument, answering -32602 as jsonrpsee does when it is missing or mistyped. */
export function required<T>(params: unknown[], index: number, check: (value: unknown) => value is T): T {
  const value = params[index];
  if (value === undefined || !check(value)) throw ApiError.invalidParams();
  return value;
}

export const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isU64 = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
export const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
export const isBytes = (v: unknown): v is number[] => Array.isArray(v) && v.every((b) => typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255);

export function isSlot(v: unknown): v is Slot {
  return isObject(v) && isU64(v.period) && isU64(v.thread) && (v.thread as number) < 256;
}

export function optionalSlot(v: unknown): Slot | null {
  if (v === undefined || v === null) return null;
  if (!isSlot(v)) throw ApiError.invalidParams();
  return v;
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
