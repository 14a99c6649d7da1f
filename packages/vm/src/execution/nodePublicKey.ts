// A public key argument read as the node reads it (`PublicKey::from_str` in
// massa-signature/src/signature_impl.rs), with its error texts: `Parsing error: {0}`
// (MassaSignatureError::ParsingError) and `invalid version identifier: {0}`.
import { decodeCheck, readVersion, varintErrorText } from './nodeAddressError.js';

const KEY_SIZE = 32;

/**
 * The raw 32-byte Ed25519 key of `P…`, or the node's error text. As the node, bytes after the key
 * are ignored. The node also refuses bytes that are not a curve point; this does not check that.
 */
export function parseNodePublicKey(text: string): { raw: Uint8Array } | { error: string } {
  if (!text.startsWith('P')) return { error: 'Parsing error: Bad public key prefix' };
  const payload = decodeCheck(text.slice(1));
  if (typeof payload === 'string') return { error: 'Parsing error: Bad public key bs58' };
  const version = readVersion(payload);
  if (!version) return { error: `Parsing error: ${varintErrorText(payload)}` };
  if (version.value !== 0n) return { error: `invalid version identifier: Unknown PublicKey version: ${version.value}` };
  const rest = payload.subarray(version.length);
  if (rest.length < KEY_SIZE) return { error: 'Parsing error: public key byte array is of invalid size' };
  return { raw: rest.slice(0, KEY_SIZE) };
}
