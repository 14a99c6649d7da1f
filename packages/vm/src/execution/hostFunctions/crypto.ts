import { isValidAddress, PublicKey, Signature } from '@mason/codec';
import { fastBlake3, fastKeccak256, fastSha256 } from '../fastHashes.js';
import { hostFailure } from '../failures.js';
import { secp256k1 } from '../lazyNoble.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { parseNodePublicKey } from '../nodePublicKey.js';
import { abi, boolToI32, type HostFunctions } from './hostFunction.js';
import { looksLikeVmMockAddress } from '../parseAddressArg.js';

const encoder = new TextEncoder();

/** libsecp256k1 0.7's error texts (`Display for Error`, core/src/error.rs), which the node passes on. */
const SECP = {
  inputLength: 'Invalid input length',
  publicKey: 'Invalid public key',
  signature: 'Invalid signature',
  recoveryId: 'Invalid recovery ID',
} as const;

/** libsecp256k1's `PublicKey::parse_slice(p, None)`: 65 (full), 33 (compressed) or 64 (raw x‖y) bytes. */
function parseSecpPublicKey(bytes: Uint8Array) {
  if (bytes.length !== 33 && bytes.length !== 64 && bytes.length !== 65) throw hostFailure(SECP.inputLength);
  const encoded = bytes.length === 64 ? Uint8Array.of(4, ...bytes) : bytes;
  try {
    return secp256k1().ProjectivePoint.fromHex(encoded);
  } catch {
    throw hostFailure(SECP.publicKey);
  }
}

const bigintOf = (bytes: Uint8Array): bigint => BigInt(`0x${Buffer.from(bytes).toString('hex')}`);

/** libsecp256k1's `Signature::parse_standard_slice` of r ‖ s: each below the curve order (zero passes, as there). */
function parseSecpSignature(signature: Uint8Array): { r: bigint; s: bigint } {
  const r = bigintOf(signature.subarray(0, 32));
  const s = bigintOf(signature.subarray(32, 64));
  if (r >= secp256k1().CURVE.n || s >= secp256k1().CURVE.n) throw hostFailure(SECP.signature);
  return { r, s };
}

/**
 * `RecoveryId::parse_rpc(v)` (27 to 30), then the node's own check that it is 27 or 28. The
 * node's messages keep their unformatted placeholder, whose name differs between the two functions.
 */
function parseRecovery(v: number, where: 'evm_signature_verify' | 'evm_get_pubkey_from_signature'): 0 | 1 {
  if (v < 27 || v > 30) throw hostFailure(SECP.recoveryId);
  const recovery = v - 27;
  const placeholder = where === 'evm_signature_verify' ? '{recovery_id}' : '{recovery_id_}';
  if (recovery !== 0 && recovery !== 1) throw hostFailure(`invalid recovery id value (v = ${placeholder}) in ${where}`);
  return recovery;
}

function checkLowS(s: bigint): void {
  if (s > secp256k1().CURVE.n >> 1n) throw hostFailure('High-Order s Value are prohibited in evm_get_pubkey_from_signature');
}

/** Hashes, Massa (ed25519) and EVM (secp256k1) signatures, addresses. */
export function cryptoFunctions(env: InstanceEnv): HostFunctions {
  return {
    assembly_script_hash: abi(env, 'assembly_script_hash', (data: number) => env.allocBuffer(fastBlake3(env.readBuffer(data)))),
    assembly_script_hash_sha256: abi(env, 'assembly_script_hash_sha256', (data: number) => env.allocBuffer(fastSha256(env.readBuffer(data)))),
    assembly_script_keccak256_hash: abi(env, 'assembly_script_keccak256_hash', (data: number) => env.allocBuffer(fastKeccak256(env.readBuffer(data)))),
    assembly_script_signature_verify: abi(env, 'assembly_script_signature_verify', (data: number, signature: number, publicKey: number) => {
      const message = encoder.encode(env.readString(data));
      const signatureText = env.readString(signature);
      const publicKeyText = env.readString(publicKey);
      try {
        return boolToI32(PublicKey.fromString(publicKeyText).verifyHash(fastBlake3(message), Signature.fromString(signatureText)));
      } catch {
        return 0;
      }
    }),
    // interface_impl.rs `evm_signature_verify`, its checks in its order.
    assembly_script_evm_signature_verify: abi(env, 'assembly_script_evm_signature_verify', (data: number, signature: number, publicKey: number) => {
      const message = env.readBuffer(data);
      const signatureBytes = env.readBuffer(signature);
      const publicKeyBytes = env.readBuffer(publicKey);
      if (signatureBytes.length !== 65) throw hostFailure('invalid signature length in evm_signature_verify');
      const point = parseSecpPublicKey(publicKeyBytes);
      const prefix = encoder.encode(`\x19Ethereum Signed Message:\n${message.length}`);
      const hash = fastKeccak256(prefix, message);
      const { r, s } = parseSecpSignature(signatureBytes);
      parseRecovery(signatureBytes[64]!, 'evm_signature_verify');
      checkLowS(s);
      if (r === 0n || s === 0n) return 0;
      return boolToI32(secp256k1().verify(new (secp256k1().Signature)(r, s).toCompactRawBytes(), hash, point.toRawBytes(false), { lowS: false }));
    }),
    assembly_script_evm_get_address_from_pubkey: abi(env, 'assembly_script_evm_get_address_from_pubkey', (publicKey: number) => {
      const point = parseSecpPublicKey(env.readBuffer(publicKey));
      return env.allocBuffer(fastKeccak256(point.toRawBytes(false).subarray(1)).subarray(12));
    }),
    // interface_impl.rs `evm_get_pubkey_from_signature`, its checks in its order (not that of evm_signature_verify).
    assembly_script_evm_get_pubkey_from_signature: abi(env, 'assembly_script_evm_get_pubkey_from_signature', (hash: number, signature: number) => {
      const hashBytes = env.readBuffer(hash);
      const signatureBytes = env.readBuffer(signature);
      if (signatureBytes.length !== 65) throw hostFailure('invalid signature length in evm_get_pubkey_from_signature');
      if (hashBytes.length !== 32) throw hostFailure(SECP.inputLength);
      const { r, s } = parseSecpSignature(signatureBytes);
      checkLowS(s);
      const recovery = parseRecovery(signatureBytes[64]!, 'evm_get_pubkey_from_signature');
      try {
        const point = new (secp256k1().Signature)(r, s).addRecoveryBit(recovery).recoverPublicKey(hashBytes);
        return env.allocBuffer(point.toRawBytes(false));
      } catch {
        throw hostFailure(SECP.signature);
      }
    }),
    assembly_script_is_address_eoa: abi(env, 'assembly_script_is_address_eoa', (address: number) => boolToI32(env.readAddress(address).startsWith('AU'))),
    assembly_script_address_from_public_key: abi(env, 'assembly_script_address_from_public_key', (publicKey: number) => {
      const parsed = parseNodePublicKey(env.readString(publicKey));
      if ('error' in parsed) throw hostFailure(parsed.error);
      return env.allocString(PublicKey.fromRaw(parsed.raw).address().toString());
    }),
    // Like the node, usable even while instantiating (it does not check `abi_enabled`).
    assembly_script_validate_address: (address: number) => {
      env.chargeAbi('assembly_script_validate_address');
      const text = env.readString(address);
      return boolToI32(isValidAddress(text) || (env.ctx.host.lenientAddresses && looksLikeVmMockAddress(text)));
    },
  };
}
