import { concatBytes, encodeBase58check, SecretKey } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { parseNodePublicKey } from '../../src/execution/nodePublicKey.js';

describe('parseNodePublicKey', () => {
  const key = SecretKey.generate().publicKey;

  it('reads a key as the codec does, and ignores bytes after it as the node does', () => {
    expect(parseNodePublicKey(key.toString())).toEqual({ raw: key.raw });
    expect(parseNodePublicKey(`P${encodeBase58check(concatBytes(Uint8Array.of(0), key.raw, Uint8Array.of(9, 9)))}`)).toEqual({ raw: key.raw });
  });

  // massa-signature/src/signature_impl.rs, `impl FromStr for PublicKey` and `PublicKey::from_bytes`.
  it('fails with the node texts', () => {
    expect(parseNodePublicKey(`Q${key.toString().slice(1)}`)).toEqual({ error: 'Parsing error: Bad public key prefix' });
    expect(parseNodePublicKey('')).toEqual({ error: 'Parsing error: Bad public key prefix' });
    expect(parseNodePublicKey(`${key.toString()}x`)).toEqual({ error: 'Parsing error: Bad public key bs58' });
    expect(parseNodePublicKey('P_')).toEqual({ error: 'Parsing error: Bad public key bs58' });
    expect(parseNodePublicKey(`P${encodeBase58check(concatBytes(Uint8Array.of(1), key.raw))}`)).toEqual({
      error: 'invalid version identifier: Unknown PublicKey version: 1',
    });
    expect(parseNodePublicKey(`P${encodeBase58check(concatBytes(Uint8Array.of(0), key.raw.subarray(1)))}`)).toEqual({
      error: 'Parsing error: public key byte array is of invalid size',
    });
    expect(parseNodePublicKey(`P${encodeBase58check(new Uint8Array())}`)).toEqual({
      error: 'Parsing error: Parsing Error: Failed u64 deserialization / Fail / Input: []\n',
    });
  });
});
