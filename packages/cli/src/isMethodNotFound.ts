import { RpcError } from '@mason/client';

/** Whether the node refused a method it does not have (not a Mason devnet). */
export function isMethodNotFound(error: unknown): boolean {
  return error instanceof RpcError && error.rpcCode === -32601;
}
