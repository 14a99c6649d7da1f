import type { LedgerReader } from '../chainAccess.js';
import { byteList, formatMas, type Slot } from '@mason/codec';
import { computeDeferredCallFee, DEFERRED_CALLS, DeferredCallIdError, NODE_LIMITS, parseDeferredCallId, type DeferredCall } from '@mason/vm';
import { ApiError } from '../apiError.js';
import type { MethodTable } from '../rpc/jsonRpcServer.js';
import { chainSlot, isArray, isObject, isSlot, isString, isU64, listLimit, required } from '../requestParams.js';

const MAX_ARGUMENTS = 128;
const U64_MAX = (1n << 64n) - 1n;

/** What the deferred-call methods read: the candidate registry, and the last executed slot (the node's execution context slot). */
export interface DeferredCallView {
  candidateLedger: LedgerReader;
  activeCursor(): Slot;
  config: { threadCount: number };
}

const u64Json = (value: bigint): number | bigint => (value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);

/** The node's JSON of a `DeferredCall` (serde of massa-deferred-calls `DeferredCall`). */
export function deferredCallJson(call: DeferredCall): Record<string, unknown> {
  return {
    sender_address: call.sender,
    target_slot: { ...call.targetSlot },
    target_address: call.target,
    target_function: call.function,
    parameters: byteList(call.parameters),
    coins: formatMas(call.coins),
    max_gas: u64Json(call.maxGas),
    fee: formatMas(call.fee),
    cancelled: call.cancelled,
  };
}

/**
 * `get_deferred_call_quote`, `get_deferred_call_info` and `get_deferred_call_ids_by_slot`, on
 * both APIs as on a node (`massa-api/src/public.rs`, the execution controller's `query_state`),
 * reading the candidate registry: at most 128 entries (-32000 `Bad request: too many arguments`),
 * a malformed id is -32000 with the parse error, an unknown (or executed) one -32001 `Not found`.
 */
export function deferredCallMethods(view: DeferredCallView): MethodTable {
  return {
    get_deferred_call_quote: (params) => {
      const list = required(params, 0, isArray);
      listLimit(list, MAX_ARGUMENTS);
      const requests = list.map((request) => {
        if (!isObject(request) || !isSlot(request.target_slot) || !isU64(request.max_gas_request) || !isU64(request.params_size))
          throw ApiError.invalidParams();
        return { slot: request.target_slot, maxGas: BigInt(request.max_gas_request), paramsSize: BigInt(request.params_size) };
      });
      const current = view.activeCursor();
      return requests.map(({ slot, maxGas, paramsSize }) => {
        // The node answers the booked gas: max_gas_request + 750,000 (saturating).
        const gasRequest = maxGas + DEFERRED_CALLS.callConstantGas > U64_MAX ? U64_MAX : maxGas + DEFERRED_CALLS.callConstantGas;
        const target = chainSlot(slot);
        const quote =
          target.thread < view.config.threadCount
            ? computeDeferredCallFee(view.candidateLedger, {
                targetSlot: target,
                gasRequest,
                currentSlot: current,
                paramsSize,
                threadCount: view.config.threadCount,
                costPerByte: DEFERRED_CALLS.costPerByte,
                maxFunctionNameLength: NODE_LIMITS.maxFunctionNameLength,
                maxParameterSize: NODE_LIMITS.maxParameterSize,
              })
            : ({ ok: false } as const);
        return { target_slot: slot, max_gas_request: u64Json(gasRequest), available: quote.ok, price: formatMas(quote.ok ? quote.fee : 0n) };
      });
    },
    get_deferred_call_info: (params) => {
      const list = required(params, 0, isArray);
      listLimit(list, MAX_ARGUMENTS);
      const ids = list.map((id) => {
        if (!isString(id)) throw ApiError.invalidParams();
        try {
          parseDeferredCallId(id);
        } catch (error) {
          if (error instanceof DeferredCallIdError) throw ApiError.badRequest(error.message);
          throw error;
        }
        return id;
      });
      return ids.map((id) => {
        const call = view.candidateLedger.getDeferredCall(id);
        if (!call) throw ApiError.internal(`Not found: Deferred call id ${id}`);
        return { call_id: id, call: deferredCallJson(call) };
      });
    },
    get_deferred_call_ids_by_slot: (params) => {
      const list = required(params, 0, isArray);
      listLimit(list, MAX_ARGUMENTS);
      const slots = list.map((slot) => {
        if (!isSlot(slot)) throw ApiError.invalidParams();
        return slot;
      });
      return slots.map((slot) => {
        const target = chainSlot(slot);
        return { slot, call_ids: target.thread < view.config.threadCount ? view.candidateLedger.deferredCallIds(target) : [] };
      });
    },
  };
}
