import type { ChainReader } from '../chainAccess.js';

/**
 * Mason's extension of `get_status` (a field a Massa node does not have, which its clients
 * ignore): says the node is a Mason devnet, and which addresses it accepts operations from
 * without a valid signature, so nobody mistakes it for a real node.
 */
export interface MasonStatus {
  devnet: true;
  impersonating: string[];
  /** State-control writes so far: when it changes, balances or storage may have changed without a block. */
  state_writes: number;
}

export function masonStatus(node: Pick<ChainReader, 'impersonation' | 'stateWrites'>): { mason: MasonStatus } {
  return { mason: { devnet: true, impersonating: node.impersonation.addresses, state_writes: node.stateWrites } };
}
