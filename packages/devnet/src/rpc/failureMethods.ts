import { ApiError } from '../apiError.js';
import type { ChainReader } from '../chainAccess.js';
import { failureFramesJson } from '../execution/failureFrames.js';
import type { ReadOnlyExecutor } from '../readOnly/readOnlyExecutor.js';
import type { MethodTable } from './jsonRpcServer.js';
import { isArray, isObject, isString, listLimit, required } from '../requestParams.js';

const MAX_ARGUMENTS = 128;

/**
 * Mason's methods that say where a failed execution stopped in the code (wasm frames of the failing
 * module, its bytecode hash, the abort), so that a tool holding the project's source maps can name
 * the source line. A real node has neither: tools treat "method not found" as "no location".
 */
export function failureMethods(node: Pick<ChainReader, 'operations'>, readOnly: ReadOnlyExecutor): MethodTable {
  return {
    // One entry per id, null when the operation is unknown, did not fail, or failed outside wasm code.
    mason_get_operation_failure: (params) => {
      const ids = required(params, 0, isArray);
      listLimit(ids, MAX_ARGUMENTS);
      if (!ids.every(isString)) throw ApiError.invalidParams();
      return ids.map((id) => {
        const failure = node.operations.get(id)?.failure;
        return failure ? failureFramesJson(failure) : null;
      });
    },
    // The latest read-only failure with this error text (for this caller), or null.
    mason_get_read_only_failure: (params) => {
      const query = required(params, 0, isObject);
      const { error, caller } = query;
      if (!isString(error) || (caller !== undefined && caller !== null && !isString(caller))) throw ApiError.invalidParams();
      return readOnly.failures.find(error, caller ?? undefined);
    },
  };
}
