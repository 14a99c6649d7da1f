import { Address, isValidAddress, PublicKey, Signature } from '@mason/codec';
import { fastBlake3, fastKeccak256, fastSha256 } from '../fastHashes.js';
import { hostFailure } from '../failures.js';
import { secp256k1 } from '../lazyNoble.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { abi, boolToI32, looksLikeVmMockAddress, type HostFunctions } from './hostFunction.js';

const encoder = new TextEncoder();
/** libsecp256k1's `PublicKey::parse_slice`: 33 (compressed), 65 (full) or 64 (raw x‖y) bytes. */
function parseSecpPublicKey(bytes: Uint8Array) {
  const encoded = bytes.length === 64 ? Uint8Array.of(4, ...bytes) : bytes;
  try {
    return secp256k1().ProjectivePoint.fromHex(encoded);
  } catch {
    throw hostFailure('invalid public key');
  }
}

function parseEvmSignature(signature: Uint8Array, where: string) {
  if (signature.length !== 65) throw hostFailure(`invalid signature length in ${where}`);
  let parsed: ReturnType<ReturnType<typeof secp256k1>['Signature']['fromCompact']>;
  try {
    parsed = secp256k1().Signature.fromCompact(signature.subarray(0, 64));
  } catch {
    throw hostFailure('invalid signature');
  }
  const v = signature[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery > 3) throw hostFailure('invalid recovery id');
  if (recovery !== 0 && recovery !== 1) {
    // The node's message keeps its unformatted placeholder.
    throw hostFailure(`invalid recovery id value (v = {recovery_id}) in ${where}`);
  }
  if (parsed.s > secp256k1().CURVE.n >> 1n) throw hostFailure('High-Order s Value are prohibited in evm_get_pubkey_from_signature');
  return { parsed, recovery };
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
    assembly_script_evm_signature_verify: abi(env, 'assembly_script_evm_signature_verify', (data: number, signature: number, publicKey: number) => {
      const message = env.readBuffer(data);
      const signatureBytes = env.readBuffer(signature);
      const point = parseSecpPublicKey(env.readBuffer(publicKey));
      const prefix = encoder.encode(`\x19Ethereum Signed Message:\n${message.length}`);
      const hash = fastKeccak256(prefix, message);
      const { parsed } = parseEvmSignature(signatureBytes, 'evm_signature_verify');
      return boolToI32(secp256k1().verify(parsed.toCompactRawBytes(), hash, point.toRawBytes(false), { lowS: false }));
    }),
    assembly_script_evm_get_address_from_pubkey: abi(env, 'assembly_script_evm_get_address_from_pubkey', (publicKey: number) => {
      const point = parseSecpPublicKey(env.readBuffer(publicKey));
      return env.allocBuffer(fastKeccak256(point.toRawBytes(false).subarray(1)).subarray(12));
    }),
    assembly_script_evm_get_pubkey_from_signature: abi(env, 'assembly_script_evm_get_pubkey_from_signature', (hash: number, signature: number) => {
      const hashBytes = env.readBuffer(hash);
      const signatureBytes = env.readBuffer(signature);
      if (signatureBytes.length !== 65) throw hostFailure('invalid signature length in evm_get_pubkey_from_signature');
      if (hashBytes.length !== 32) throw hostFailure('invalid message');
      const { parsed, recovery } = parseEvmSignature(signatureBytes, 'evm_get_pubkey_from_signature');
      try {
        const point = parsed.addRecoveryBit(recovery).recoverPublicKey(hashBytes);
        return env.allocBuffer(point.toRawBytes(false));
      } catch {
        throw hostFailure('invalid signature');
      }
    }),
    assembly_script_is_address_eoa: abi(env, 'assembly_script_is_address_eoa', (address: number) => boolToI32(env.readAddress(address).startsWith('AU'))),
    assembly_script_address_from_public_key: abi(env, 'assembly_script_address_from_public_key', (publicKey: number) => {
      const text = env.readString(publicKey);
      let address: Address;
      try {
        address = PublicKey.fromString(text).address();
      } catch {
        throw hostFailure(`invalid public key: ${JSON.stringify(text)}`);
      }
      return env.allocString(address.toString());
    }),
    // Like the node, usable even while instantiating (it does not check `abi_enabled`).
    assembly_script_validate_address: (address: number) => {
      env.chargeAbi('assembly_script_validate_address');
      const text = env.readString(address);
      return boolToI32(isValidAddress(text) || (env.ctx.host.lenientAddresses && looksLikeVmMockAddress(text)));
    },
  };
}
