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
  /** The private API's port, once it listens (on 127.0.0.1): where `mason deploy` registers ABIs. */
  private_port?: number;
}

export function masonStatus(node: Pick<ChainReader, 'impersonation' | 'stateWrites'>, privatePort?: number): { mason: MasonStatus } {
  return {
    mason: {
      devnet: true,
      impersonating: node.impersonation.addresses,
      state_writes: node.stateWrites,
      ...(privatePort !== undefined && { private_port: privatePort }),
    },
  };
}
