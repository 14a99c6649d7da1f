import * as env from './env/index';

/** BLAKE3 (32 bytes), Massa's hash. */
export function blake3(data: StaticArray<u8>): StaticArray<u8> {
  return env.hash(data);
}

export function sha256(data: StaticArray<u8>): StaticArray<u8> {
  return env.hashSha256(data);
}

export function keccak256(data: StaticArray<u8>): StaticArray<u8> {
  return env.keccak256Hash(data);
}

/**
 * Verifies a Massa Ed25519 signature (base58check, as produced by web3 `account.sign`) of
 * blake3(UTF-8 `data`) by `publicKey` (`P…`). Malformed keys or signatures give false.
 * Argument order as in massa-as-sdk.
 */
export function isSignatureValid(publicKey: string, data: string, signature: string): bool {
  return env.signatureVerify(data, signature, publicKey);
}

/** Checks a secp256k1 (EVM) signature of `data`: 65-byte signature, 64-byte uncompressed public key. */
export function isEvmSignatureValid(
  data: StaticArray<u8>,
  signature: StaticArray<u8>,
  publicKey: StaticArray<u8>,
): bool {
  return env.evmSignatureVerify(data, signature, publicKey);
}

/** The EVM address of a 64-byte uncompressed public key. */
export function evmGetAddressFromPubkey(publicKey: StaticArray<u8>): StaticArray<u8> {
  return env.evmGetAddressFromPubkey(publicKey);
}

/** Recovers the public key that produced `signature` over `hash`. */
export function evmGetPubkeyFromSignature(hash: StaticArray<u8>, signature: StaticArray<u8>): StaticArray<u8> {
  return env.evmGetPubkeyFromSignature(hash, signature);
}
