import { decodeBase58, encodeBase58 } from './base58.js';
import { bytesEqual, concatBytes } from './bytes.js';
import { CodecError } from './errors.js';
import { nodeHash, sha256 } from './hash.js';

/** The 4-byte checksum: double SHA-256, with Node's one-shot `crypto.hash` when available (faster on such small inputs). */
function checksumOf(payload: Uint8Array): Uint8Array {
  if (!nodeHash) return sha256(sha256(payload)).subarray(0, 4);
  return nodeHash('sha256', nodeHash('sha256', payload, 'buffer'), 'buffer').subarray(0, 4);
}

/** bs58 with a 4-byte double-SHA-256 checksum (npm bs58check 4). */
export function encodeBase58check(payload: Uint8Array): string {
  return encodeBase58(concatBytes(payload, checksumOf(payload)));
}

export function decodeBase58check(text: string): Uint8Array {
  let raw: Uint8Array;
  try {
    raw = decodeBase58(text);
  } catch {
    throw new CodecError('MASON_CODEC_BASE58_INVALID', { text });
  }
  if (raw.length < 4) throw new CodecError('MASON_CODEC_CHECKSUM_MISMATCH', { text });
  const payload = raw.subarray(0, raw.length - 4);
  const checksum = raw.subarray(raw.length - 4);
  if (!bytesEqual(checksumOf(payload), checksum)) {
    throw new CodecError('MASON_CODEC_CHECKSUM_MISMATCH', { text });
  }
  return payload.slice();
}

/** "<prefix>" + b58c(version 0 ‖ body), the shape of keys, addresses and ids. */
export function encodeVersioned(prefix: string, body: Uint8Array): string {
  return prefix + encodeBase58check(concatBytes(Uint8Array.of(0), body));
}

export function decodeVersioned(text: string, prefix: string, bodyLength: number, what: string): Uint8Array {
  if (typeof text !== 'string' || !text.startsWith(prefix)) {
    throw new CodecError('MASON_CODEC_PREFIX_INVALID', { what, expected: `"${prefix}"`, text: String(text) });
  }
  const payload = decodeBase58check(text.slice(prefix.length));
  if (payload.length === 0) throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what, expected: bodyLength + 1, actual: 0 });
  if (payload[0] !== 0) throw new CodecError('MASON_CODEC_VERSION_UNSUPPORTED', { what, version: payload[0] });
  if (payload.length !== bodyLength + 1) {
    throw new CodecError('MASON_CODEC_LENGTH_INVALID', { what, expected: bodyLength + 1, actual: payload.length });
  }
  return payload.slice(1);
}
