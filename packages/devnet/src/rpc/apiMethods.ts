import { ApiError } from '../apiError.js';
import type { ChainReader } from '../chainAccess.js';
import { listDeferredCalls } from '../deferredCalls/listDeferredCalls.js';
import type { MethodTable } from './jsonRpcServer.js';
import { operationInfoView } from '../views/chainViews.js';
import { isObject, isString, isU64, toSafeNumber } from '../requestParams.js';

/** The most operations one `mason_list_operations` page holds (the node's max_arguments). */
export const MAX_OPERATIONS_PAGE = 128;

/** The API port's methods (reference §2.3); subscriptions are added by the WebSocket layer. */
export function apiMethods(node: ChainReader): MethodTable {
  return {
    get_version: () => node.config.version,
    get_next_block_best_parents: () => node.graph.bestParents.map((id, thread) => [id, node.graph.bestParentPeriods[thread]]),
    get_largest_stakers: (params) => {
      const arg = params[0];
      let limit = 50;
      let offset = 0;
      if (arg !== undefined && arg !== null) {
        if (!isObject(arg)) throw ApiError.invalidParams();
        const page = arg.page_request;
        if (page !== undefined && page !== null) {
          if (!isObject(page) || !isU64(page.limit) || !isU64(page.offset)) throw ApiError.invalidParams();
          limit = toSafeNumber(page.limit);
          offset = toSafeNumber(page.offset);
        }
      }
      const all = node.activeRolls(Math.floor(node.currentSlot().period / node.config.periodsPerCycle));
      return { content: all.slice(offset, offset + limit), total_count: all.length };
    },
    // Mason's: the registered deferred calls, earliest first (docs/devnet.md).
    mason_list_deferred_calls: (params) => listDeferredCalls(node.candidateLedger, params),
    // Mason's: the whole operation history, newest first, a page at a time (docs/devnet.md).
    mason_list_operations: (params) => {
      const arg = params[0] ?? {};
      if (!isObject(arg)) throw ApiError.invalidParams();
      const { limit = 50, before = null } = arg;
      if (!isU64(limit) || limit === 0 || (before !== null && !isString(before))) throw ApiError.invalidParams();
      if (toSafeNumber(limit) > MAX_OPERATIONS_PAGE) throw ApiError.badRequest('too many arguments');
      if (before !== null && !node.operationHistory.has(before)) throw ApiError.badRequest(`unknown operation ${before} given as before`);
      const page = node.operationHistory.page(Number(limit), before, (id) => node.operations.has(id));
      return { operations: page.ids.map((id) => operationInfoView(node.operations.get(id)!)), next: page.next, total_count: node.operations.size };
    },
  };
}
