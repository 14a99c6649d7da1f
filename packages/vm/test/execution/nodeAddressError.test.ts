import { Address, encodeBase58check } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { nodeAddressParseError } from '../../src/execution/nodeAddressError.js';

describe('nodeAddressParseError', () => {
  // The node's own vectors: `test_address_errors` in massa-models/src/address.rs.
  it.each([
    ['UnexpectedAddress', 'address parsing error: UnexpectedAddress'],
    [
      'ASSomeUnexpectedAddress',
      "address parsing error: in SCAddress from_str_without_prefixed_type: invalid checksum, calculated checksum: '[255, 246, 254, 58]', expected checksum: [188, 126, 221, 98]",
    ],
    [
      'AS_SomeUnexpectedAddress',
      "address parsing error: in SCAddress from_str_without_prefixed_type: provided string contained invalid character '_' at byte 0",
    ],
    [
      'AUSomeUnexpectedAddress',
      "address parsing error: in UserAddress from_str_without_prefixed_type: invalid checksum, calculated checksum: '[255, 246, 254, 58]', expected checksum: [188, 126, 221, 98]",
    ],
    [
      'AU_SomeUnexpectedAddress',
      "address parsing error: in UserAddress from_str_without_prefixed_type: provided string contained invalid character '_' at byte 0",
    ],
  ])('gives the node text for %j', (text, expected) => {
    expect(nodeAddressParseError(text)).toBe(expected);
  });

  it('follows bs58 and the address layout for the other failures', () => {
    expect(nodeAddressParseError('invalid_addr')).toBe('address parsing error: invalid_addr');
    expect(nodeAddressParseError('')).toBe('address parsing error: ');
    expect(nodeAddressParseError('AX12')).toBe('address parsing error: AX12');
    expect(nodeAddressParseError('AU')).toBe(
      'address parsing error: in UserAddress from_str_without_prefixed_type: provided string is too small to contain a checksum',
    );
    expect(nodeAddressParseError('AUé')).toBe(
      'address parsing error: in UserAddress from_str_without_prefixed_type: provided string contained non-ascii character starting at byte 0',
    );
    expect(nodeAddressParseError("AS1'")).toBe(
      "address parsing error: in SCAddress from_str_without_prefixed_type: provided string contained invalid character '\\'' at byte 1",
    );
    expect(nodeAddressParseError(`AU${encodeBase58check(Uint8Array.of(1, 2))}`)).toBe('address parsing error: version 1 is not handled for UserAddress');
    expect(nodeAddressParseError(`AS${encodeBase58check(Uint8Array.of(0, 1, 2, 3, 4, 5))}`)).toBe(
      'buffer error: expected a buffer of size 32, but found a size of 5',
    );
    expect(nodeAddressParseError(`AU${encodeBase58check(new Uint8Array())}`)).toBe(
      'address parsing error: in UserAddress from_str_without_prefixed_type: Parsing Error: Failed u64 deserialization / Fail / Input: []\n',
    );
  });

  it('accepts what the codec accepts', () => {
    const user = Address.fromHash('user', new Uint8Array(32).fill(7)).toString();
    const contract = Address.fromHash('contract', new Uint8Array(32).fill(1)).toString();
    expect(nodeAddressParseError(user)).toBeUndefined();
    expect(nodeAddressParseError(contract)).toBeUndefined();
  });
});
