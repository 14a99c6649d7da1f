// The devnet's internals, for Mason's own tests and benchmarks only (`@mason/devnet/internal`):
// no stable API, not documented for users. Users drive a devnet through its `Devnet` handle and
// its JSON-RPC servers.
import type { DevnetNode } from './devnetNode.js';

const nodes = new WeakMap<object, DevnetNode>();

/** Ties a started devnet's handle to its node (startDevnet does). */
export function attachNode(devnet: object, node: DevnetNode): void {
  nodes.set(devnet, node);
}

/** The node behind a devnet handle started in this process. */
export function nodeOf(devnet: object): DevnetNode {
  const node = nodes.get(devnet);
  if (!node) throw new TypeError('not a devnet started by startDevnet in this process');
  return node;
}

export type { DevnetNode } from './devnetNode.js';
