import type { Datastore } from './datastore.js';

export interface DeployerContract {
  /** Raw serialized `Args` for its `constructor` (default none). */
  args?: Uint8Array;
  /** nanoMAS sent with the constructor call (default 0). */
  coins?: bigint;
  /**
   * The contract's bytecode. Leave it out for contract 1 of a bundled deployer, which carries its
   * own; give it for every other contract (and for all of them with an unbundled deployer).
   */
  bytecode?: Uint8Array;
}

function u64le(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, value), true);
  return bytes;
}

/** `u64 LE(index) ‖ 01 00 00 00 ‖ tag`: Args(u64 index, Uint8Array [tag]). */
function contractKey(index: number, tag: number): Uint8Array {
  const key = new Uint8Array(13);
  key.set(u64le(BigInt(index)));
  key.set([1, 0, 0, 0, tag], 8);
  return key;
}

/**
 * The operation datastore of a deploy, with massa-web3's key layout (reference §13.1): the count
 * under `[0]`, bytecode under `u64 LE(i)`, constructor args and coins under the 13-byte keys
 * (both always written, as massa-web3 does).
 */
export function deployerDatastore(contracts: readonly DeployerContract[] = [{}]): Datastore {
  const datastore: Datastore = [[Uint8Array.of(0), u64le(BigInt(contracts.length))]];
  contracts.forEach((contract, position) => {
    const index = position + 1;
    if (contract.bytecode) datastore.push([u64le(BigInt(index)), contract.bytecode]);
    datastore.push([contractKey(index, 0), contract.args ?? new Uint8Array()]);
    datastore.push([contractKey(index, 1), u64le(contract.coins ?? 0n)]);
  });
  return datastore;
}
