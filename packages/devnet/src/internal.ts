// The devnet's internals, for Mason's own tests and benchmarks only (`@mason/devnet/internal`):
// no stable API, not documented for users. Users drive a devnet through its `Devnet` handle and
// its JSON-RPC servers.
import type { DevnetNode } from './devnetNode.js';

// A registered symbol, not a module-level map: a test may load this module twice (once from the
// package's source, once through its `internal` entry) and still find the node.
const NODE = Symbol.for('@mason/devnet:node');

/** Ties a started devnet's handle to its node (startDevnet does). */
export function attachNode(devnet: object, node: DevnetNode): void {
  Object.defineProperty(devnet, NODE, { value: node, enumerable: false });
}

/** The node behind a devnet handle started in this process. */
export function nodeOf(devnet: object): DevnetNode {
  const node = (devnet as { [NODE]?: DevnetNode })[NODE];
  if (!node) throw new TypeError('not a devnet started by startDevnet in this process');
  return node;
}

export type { DevnetNode } from './devnetNode.js';
