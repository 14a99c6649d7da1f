// Parsed addresses, public keys and block ids are cached process-wide: what a caller gets must not
// be a handle on the cached bytes (changing `Address.hash` used to change every later parse).
import { describe, expect, it } from 'vitest';
import { Address, decodeBlockId, encodeBlockId, PublicKey, SecretKey } from '../src/index.js';

const secret = SecretKey.fromSeed(new Uint8Array(32).fill(7));
const publicText = secret.publicKey.toString();
const addressText = secret.publicKey.address().toString();

describe('cached codec objects are read-only', () => {
  it('mutating an address hash changes neither the address nor the next parse', () => {
    const address = Address.fromString(addressText);
    const before = address.hash;
    address.hash.fill(0);
    address.hash[0] = 255;
    const again = Address.fromString(addressText);
    expect(again).toBe(address);
    expect(again.hash).toEqual(before);
    expect(again.toString()).toBe(addressText);
    expect(Address.fromBytes(again.toBytes()).toString()).toBe(addressText);
    expect(again.thread()).toBe(before[0]! >> 3);
  });

  it('an address read from bytes is shared too, and keeps nothing of the buffer it was read from', () => {
    const bytes = Uint8Array.of(9, 9, ...Address.fromString(addressText).toBytes(), 9);
    const { address, offset } = Address.read(bytes, 2);
    expect(offset).toBe(36);
    expect(address.toString()).toBe(addressText);
    bytes.fill(0);
    const again = Address.read(Uint8Array.of(...Address.fromString(addressText).toBytes()), 0).address;
    expect(again).toBe(address);
    expect(again.toString()).toBe(addressText);
    expect(Object.isFrozen(again)).toBe(true);
    // The same hash as a contract is another address.
    const contractBytes = Address.fromString(addressText).toBytes();
    contractBytes[0] = 1;
    expect(Address.fromBytes(contractBytes).toString()).toMatch(/^AS/);
  });

  it('an address cannot be re-labelled', () => {
    const address = Address.fromString(addressText);
    expect(() => {
      (address as { kind: string }).kind = 'contract';
    }).toThrow(TypeError);
    expect(Address.fromString(addressText).isUser).toBe(true);
  });

  it('mutating a public key raw bytes changes neither the key nor its verification', () => {
    const key = PublicKey.fromString(publicText);
    key.raw.fill(0);
    const signature = secret.sign(new Uint8Array([1, 2, 3]));
    const again = PublicKey.fromString(publicText);
    expect(again).toBe(key);
    expect(again.toString()).toBe(publicText);
    expect(again.raw).toEqual(secret.publicKey.raw);
    expect(again.verify(new Uint8Array([1, 2, 3]), signature)).toBe(true);
  });

  it('each decodeBlockId result is its own copy', () => {
    const id = encodeBlockId(new Uint8Array(32).fill(9));
    decodeBlockId(id).fill(0);
    expect(decodeBlockId(id)).toEqual(new Uint8Array(32).fill(9));
    expect(decodeBlockId(id)).not.toBe(decodeBlockId(id));
  });
});
