import { Address } from './address.js';
import { ByteReader } from './byteReader.js';
import { byteList, concatBytes } from './bytes.js';
import { CodecError } from './errors.js';
import { blake3 } from './hash.js';
import { encodeOperationId } from './ids.js';
import type { OperationContent } from './operation.js';
import { PublicKey } from './publicKey.js';
import type { SecretKey } from './secretKey.js';
import { deserializeOperationContent, readOperationContent, serializeOperationContent } from './serializeOperation.js';
import { Signature } from './signature.js';
import { toUnsigned } from './varint.js';

export interface SignedOperation {
  /** "O…", the operation id: blake3 of the signing preimage. */
  id: string;
  hash: Uint8Array;
  content: OperationContent;
  contentBytes: Uint8Array;
  signature: Signature;
  publicKey: PublicKey;
  creator: Address;
}

/** The JSON object `send_operations` takes, one per operation. */
export interface SendOperationInput {
  serialized_content: number[];
  creator_public_key: string;
  signature: string;
}

/** chain_id as u64 BIG-endian ‖ public key (0x00 ‖ 32) ‖ content — what is hashed and signed. */
export function operationSigningPreimage(chainId: bigint, publicKey: PublicKey, contentBytes: Uint8Array): Uint8Array {
  const chain = new Uint8Array(8);
  new DataView(chain.buffer).setBigUint64(0, toUnsigned(chainId, 64, 'chain id'), false);
  return concatBytes(chain, publicKey.bytes, contentBytes);
}

export function signOperation(content: OperationContent, secretKey: SecretKey, chainId: bigint): SignedOperation {
  const contentBytes = serializeOperationContent(content);
  const hash = blake3(operationSigningPreimage(chainId, secretKey.publicKey, contentBytes));
  return {
    id: encodeOperationId(hash),
    hash,
    content,
    contentBytes,
    signature: secretKey.signHash(hash),
    publicKey: secretKey.publicKey,
    creator: secretKey.publicKey.address(),
  };
}

export function toSendOperationInput(signed: SignedOperation): SendOperationInput {
  return {
    serialized_content: byteList(signed.contentBytes),
    creator_public_key: signed.publicKey.toString(),
    signature: signed.signature.toString(),
  };
}

/**
 * What a node does with a `send_operations` entry: decode the content as received (no
 * re-serialization), recompute the id with its own chain id and check the signature.
 */
export function verifyOperationInput(input: SendOperationInput, chainId: bigint): SignedOperation {
  const signed = decodeOperationInput(input, chainId);
  checkOperationSignature(signed);
  return signed;
}

/** `verifyOperationInput` without the signature check (for a caller that checks it elsewhere, e.g. in a worker). */
export function decodeOperationInput(input: SendOperationInput, chainId: bigint): SignedOperation {
  const contentBytes = Uint8Array.from(input.serialized_content);
  const publicKey = PublicKey.fromString(input.creator_public_key);
  const signature = Signature.fromString(input.signature);
  return decodeSigned(deserializeOperationContent(contentBytes), contentBytes, publicKey, signature, chainId);
}

/** Throws MASON_CODEC_SIGNATURE_INVALID unless the operation's signature is its creator's over its hash. */
export function checkOperationSignature(signed: SignedOperation): void {
  if (!signed.publicKey.verifyHash(signed.hash, signed.signature)) {
    throw new CodecError('MASON_CODEC_SIGNATURE_INVALID', { publicKey: signed.publicKey.toString() });
  }
}

function decodeSigned(content: OperationContent, contentBytes: Uint8Array, publicKey: PublicKey, signature: Signature, chainId: bigint): SignedOperation {
  const hash = blake3(operationSigningPreimage(chainId, publicKey, contentBytes));
  return { id: encodeOperationId(hash), hash, content, contentBytes, signature, publicKey, creator: publicKey.address() };
}

/** Length of `serializeSignedOperation(signed)`, without building it. */
export function signedOperationSize(signed: SignedOperation): number {
  return 65 + 33 + signed.contentBytes.length;
}

/** Network form (inside blocks): signature (0x00 ‖ 64) ‖ public key (0x00 ‖ 32) ‖ content. */
export function serializeSignedOperation(signed: SignedOperation): Uint8Array {
  return concatBytes(signed.signature.toVersionedBytes(), signed.publicKey.bytes, signed.contentBytes);
}

export function deserializeSignedOperation(bytes: Uint8Array, chainId: bigint): SignedOperation {
  const reader = new ByteReader(bytes, 'signed operation');
  const sigBytes = reader.take(65);
  if (sigBytes[0] !== 0) throw new CodecError('MASON_CODEC_VERSION_UNSUPPORTED', { what: 'signature', version: sigBytes[0] });
  const publicKey = PublicKey.fromBytes(reader.take(33));
  const start = reader.offset;
  const content = readOperationContent(reader);
  reader.end();
  const signed = decodeSigned(content, bytes.slice(start), publicKey, Signature.fromBytes(sigBytes.subarray(1)), chainId);
  checkOperationSignature(signed);
  return signed;
}
