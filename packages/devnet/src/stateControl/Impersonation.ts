import { checkOperationSignature, decodeOperationInput, verifyOperationInput, type SendOperationInput, type SignedOperation } from '@mason/codec';

/**
 * Addresses whose operations the devnet accepts without a valid signature (`mason_impersonate`),
 * anvil's impersonation. A Massa operation names its sender by its public key, so an impersonated
 * operation still carries the address's public key; only its signature is not checked. Empty by
 * default: then every operation's signature is checked, as by a node.
 */
export class Impersonation {
  readonly #addresses = new Set<string>();
  /** Every address impersonated at some time: its operations in final blocks may carry any signature. */
  readonly #ever = new Set<string>();

  get addresses(): string[] {
    return [...this.#addresses].sort();
  }

  has(address: string): boolean {
    return this.#addresses.has(address);
  }

  set(address: string, enabled: boolean): void {
    if (enabled) {
      this.#addresses.add(address);
      this.#ever.add(address);
    } else this.#addresses.delete(address);
  }

  /** verifyOperationInput, except that the signature of an impersonated address's operation is not checked. */
  verify(input: SendOperationInput, chainId: bigint): SignedOperation {
    if (this.#addresses.size === 0) return verifyOperationInput(input, chainId);
    const signed = decodeOperationInput(input, chainId);
    if (!this.#addresses.has(signed.creator.toString())) checkOperationSignature(signed);
    return signed;
  }

  /**
   * An operation of a final block read back from the journal: it was accepted when it arrived, so
   * one of an address impersonated at any time before is restored even if impersonation stopped
   * before its block became final.
   */
  verifyRestored(input: SendOperationInput, chainId: bigint): SignedOperation {
    if (this.#ever.size === 0) return verifyOperationInput(input, chainId);
    const signed = decodeOperationInput(input, chainId);
    if (!this.#ever.has(signed.creator.toString())) checkOperationSignature(signed);
    return signed;
  }
}
