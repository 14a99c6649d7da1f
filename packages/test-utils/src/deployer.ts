import { Args } from '@mason/codec';
import { fileURLToPath } from 'node:url';

/**
 * The deployer of massa-web3 (reference §13), written with the official @massalabs/massa-as-sdk:
 * compile it with `compileContract(DEPLOYER_SOURCE, { flavor: 'official' })`.
 */
export const DEPLOYER_SOURCE = fileURLToPath(new URL('../contracts/deployer.ts', import.meta.url));

export interface DeployedContract {
  bytecode: Uint8Array;
  /** Serialized constructor arguments. */
  args?: Uint8Array;
  /** Coins sent to the constructor, in nanoMAS. */
  coins?: bigint;
}

const u64 = (value: bigint) => new Args().addU64(value).serialize();

/** The operation datastore the deployer reads: the count, then each contract's bytecode, args and coins. */
export function deployerDatastore(contracts: readonly DeployedContract[]): Array<[Uint8Array, Uint8Array]> {
  const datastore: Array<[Uint8Array, Uint8Array]> = [[Uint8Array.of(0), u64(BigInt(contracts.length))]];
  contracts.forEach((contract, index) => {
    const i = BigInt(index + 1);
    datastore.push([u64(i), contract.bytecode]);
    if (contract.args) datastore.push([new Args().addU64(i).addUint8Array(Uint8Array.of(0)).serialize(), contract.args]);
    if (contract.coins !== undefined) datastore.push([new Args().addU64(i).addUint8Array(Uint8Array.of(1)).serialize(), u64(contract.coins)]);
  });
  return datastore;
}
