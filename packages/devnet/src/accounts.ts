import { blake3, SecretKey } from '@mason/codec';

/**
 * Pre-funded accounts derived from a fixed, documented seed (like anvil and Hardhat):
 * secret key i = blake3("mason devnet account " + i). Publicly known: never use them on a real network.
 */
export function devnetAccountKey(index: number): SecretKey {
  return SecretKey.fromSeed(blake3(new TextEncoder().encode(`mason devnet account ${index}`)));
}

/** The key of the devnet's own staker, which produces and endorses every block. */
export function devnetStakerKey(): SecretKey {
  return SecretKey.fromSeed(blake3(new TextEncoder().encode('mason devnet staker')));
}

export const GENESIS_KEY_SEED = 'mason devnet genesis';

export function genesisKey(): SecretKey {
  return SecretKey.fromSeed(blake3(new TextEncoder().encode(GENESIS_KEY_SEED)));
}
