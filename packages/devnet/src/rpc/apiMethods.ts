import { ApiError } from '../apiError.js';
import type { DevnetNode } from '../devnetNode.js';
import type { MethodTable } from './jsonRpcServer.js';
import { isObject, isU64, toSafeNumber } from './params.js';

/** The API port's methods (reference §2.3); subscriptions are added by the WebSocket layer. */
export function apiMethods(node: DevnetNode): MethodTable {
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
  };
}
