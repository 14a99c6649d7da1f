import { Args } from './Args';
import { Result } from './Result';
import * as env from './env/index';

/** A Massa address, `AU…` (user account) or `AS…` (smart contract). */
export class Address {
  constructor(private value: string = '') {}

  /** The address of a public key (`P…`), computed by the node. */
  static fromPublicKey(publicKey: string): Address {
    return new Address(env.addressFromPublicKey(publicKey));
  }

  toString(): string {
    return this.value;
  }

  @operator('==')
  equals(other: Address): bool {
    return this.value == other.value;
  }

  @operator('!=')
  notEqual(other: Address): bool {
    return this.value != other.value;
  }

  /** Checked by the node (prefix, version, base58check). */
  isValid(): bool {
    return env.validateAddress(this.value);
  }

  isSmartContract(): bool {
    return this.value.startsWith('AS') && this.isValid();
  }

  isEoa(): bool {
    return this.value.startsWith('AU') && this.isValid();
  }

  /** Same bytes as `Args.addString(address)`, so `Array<Address>` and `Array<string>` serialize alike. */
  serialize(): StaticArray<u8> {
    return new Args().addString(this.value).serialize();
  }

  deserialize(data: StaticArray<u8>, offset: i32 = 0): Result<i32> {
    const args = new Args(data, offset);
    const value = args.nextString();
    if (value.isErr()) return new Result<i32>(offset, "can't deserialize Address: " + value.error!);
    this.value = value.unwrap();
    return new Result<i32>(args.offset);
  }
}
