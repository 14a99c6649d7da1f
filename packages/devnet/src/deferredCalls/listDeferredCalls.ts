import type { LedgerReader } from '../chainAccess.js';
import { compareSlots } from '@mason/codec';
import { ApiError } from '../apiError.js';
import { isObject, isU64, toSafeNumber } from '../requestParams.js';
import { deferredCallJson } from './deferredCallMethods.js';

/** The most calls one `mason_list_deferred_calls` answer holds (the node's max_arguments). */
export const MAX_DEFERRED_CALLS_PAGE = 128;

/**
 * Mason's `mason_list_deferred_calls` (API port): the registered calls of the candidate state,
 * cancelled ones included, in execution order (earliest slot first), at most `limit` (default
 * 50, at most 128), with the total count. A node has no method that lists them (only by slot).
 */
export function listDeferredCalls(ledger: Pick<LedgerReader, 'deferredCalls'>, params: unknown[]): unknown {
  const arg = params[0] ?? {};
  if (!isObject(arg)) throw ApiError.invalidParams();
  const { limit = 50 } = arg;
  if (!isU64(limit) || limit === 0) throw ApiError.invalidParams();
  if (toSafeNumber(limit) > MAX_DEFERRED_CALLS_PAGE) throw ApiError.badRequest('too many arguments');
  const registry = ledger.deferredCalls;
  const slots = registry.slotsWithCalls().sort(compareSlots);
  const calls: unknown[] = [];
  for (const slot of slots) {
    for (const id of registry.deferredCallIds(slot)) {
      if (calls.length === Number(limit)) break;
      calls.push({ call_id: id, call: deferredCallJson(registry.getDeferredCall(id)!) });
    }
  }
  return { calls, total_count: registry.size };
}
