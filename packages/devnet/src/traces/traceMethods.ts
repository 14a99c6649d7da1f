import { ApiError } from '../apiError.js';
import type { ReadOnlyExecutor } from '../readOnly/readOnlyExecutor.js';
import { RawJson } from '../rpc/json.js';
import type { MethodTable } from '../rpc/jsonRpcServer.js';
import { isArray, isString, listLimit, required } from '../requestParams.js';
import type { TraceStore } from './TraceStore.js';

/** The most ids one `mason_get_operation_trace` call takes, and requests one traced read-only call runs (the node's max_arguments). */
export const MAX_TRACE_ARGUMENTS = 128;

/**
 * Mason's trace methods (docs/debugging.md): the kept trace of operations and asynchronous
 * messages by id, and read-only executions answered as the node's methods answer, plus their trace.
 */
export function traceMethods(store: TraceStore | null, readOnly: ReadOnlyExecutor): MethodTable {
  const readOnlyTraced = (kind: 'call' | 'bytecode') => async (params: unknown[]) => {
    const list = required(params, 0, isArray);
    listLimit(list, MAX_TRACE_ARGUMENTS);
    const results = [];
    for (const request of list) results.push(await readOnly[kind](request, { trace: true }));
    return results;
  };
  return {
    mason_get_operation_trace: (params) => {
      const ids = required(params, 0, isArray);
      if (ids.length === 0) throw ApiError.badRequest('no arguments specified');
      listLimit(ids, MAX_TRACE_ARGUMENTS);
      if (!ids.every(isString)) throw ApiError.invalidParams();
      // Stored as the worker's JSON text and answered as it is.
      return ids.map((id) => {
        const json = store?.get(id);
        return json === undefined ? null : new RawJson(json);
      });
    },
    mason_execute_read_only_call: readOnlyTraced('call'),
    mason_execute_read_only_bytecode: readOnlyTraced('bytecode'),
  };
}
