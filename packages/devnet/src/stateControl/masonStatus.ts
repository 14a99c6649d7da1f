import type { DevnetNode } from '../devnetNode.js';

/**
 * Mason's extension of `get_status` (a field a Massa node does not have, which its clients
 * ignore): says the node is a Mason devnet, and which addresses it accepts operations from
 * without a valid signature, so nobody mistakes it for a real node.
 */
export function masonStatus(node: DevnetNode): { mason: { devnet: true; impersonating: string[] } } {
  return { mason: { devnet: true, impersonating: node.impersonation.addresses } };
}
