import { ApiError } from '../apiError.js';
import type { ChainCommands } from '../chainAccess.js';
import { exactly } from '../requestParams.js';
import type { MethodTable } from '../rpc/jsonRpcServer.js';

/**
 * The private API's snapshot methods (anvil's evm_snapshot / evm_revert): `mason_snapshot []` →
 * an id ("0x1", "0x2"…), `mason_revert [id]` → true, or false when no live snapshot has that id.
 */
export function snapshotMethods(node: Pick<ChainCommands, 'snapshots'>): MethodTable {
  return {
    mason_snapshot: (params) => {
      exactly(params, 0);
      return node.snapshots.take();
    },
    mason_revert: (params) => {
      const [id] = exactly(params, 1);
      if (typeof id !== 'string')
        throw ApiError.invalidParams(
          `Invalid params: mason_revert: the snapshot id must be a string (as mason_snapshot returned it), got ${JSON.stringify(id) ?? String(id)}`,
        );
      return node.snapshots.revert(id);
    },
  };
}
