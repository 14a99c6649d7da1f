import type { Datastore } from '@mason/codec';

function u64le(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

/** Datastore keys of Massa's deployer convention (reference §13.1), for contract number `index` (1-based). */
export const deployerKeys = {
  count: Uint8Array.of(0),
  bytecode: (index: bigint) => u64le(index),
  args: (index: bigint) => Uint8Array.of(...u64le(index), 1, 0, 0, 0, 0),
  coins: (index: bigint) => Uint8Array.of(...u64le(index), 1, 0, 0, 0, 1),
};

/**
 * The operation datastore of a deployment of one contract: its constructor args and coins, and
 * (for the generic deployer, which does not carry the contract) the count and the bytecode.
 */
export function deployerDatastore({ args, coins, bytecode }: { args: Uint8Array; coins: bigint; bytecode?: Uint8Array }): Datastore {
  const datastore: Datastore = [];
  if (bytecode) datastore.push([deployerKeys.count, u64le(1n)], [deployerKeys.bytecode(1n), bytecode]);
  datastore.push([deployerKeys.args(1n), args], [deployerKeys.coins(1n), u64le(coins)]);
  return datastore;
}
