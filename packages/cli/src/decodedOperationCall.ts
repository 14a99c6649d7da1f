import type { Client, OperationInfo } from '@mason/client';
import type { ExecutionTrace } from '@mason/codec';
import { contractAbis } from './contractAbis.js';
import { decodeCall, type DecodedCall } from './decodeCall.js';
import { decodeTraceCalls, type DecodedFrame } from './decodeTrace.js';
import type { Network } from './network.js';

/**
 * A CallSC's function, arguments and (from its trace, on a Mason devnet) result, decoded by the
 * target's ABI; the trace's frames are decoded too. Null for other operations or an unknown ABI.
 */
export async function decodedOperationCall(client: Client, network: Network, info: OperationInfo, trace: ExecutionTrace | null): Promise<DecodedCall | null> {
  if (trace) await decodeTraceCalls(client, network, trace);
  const op = info.operation.content.op;
  if (!('CallSC' in op)) return null;
  const { target_addr: target, target_func: func, param } = op.CallSC;
  const root = trace?.root as DecodedFrame | null | undefined;
  if (root?.decoded && root.address === target) return root.decoded;
  const abi = (await contractAbis(client, network, [target])).get(target);
  return abi ? decodeCall(abi, func, Uint8Array.from(param), undefined) : null;
}
