import { Address, isCodecError, parseAbi, type Abi } from '@mason/codec';
import { AbiRegistryError } from './AbiRegistryError.js';

/** The most contracts whose ABI one devnet keeps; registering more forgets the oldest. */
export const MAX_REGISTERED_ABIS = 10_000;

/**
 * The ABIs of deployed contracts, as `mason deploy` (or anyone, through `mason_register_abi`)
 * registered them: what the explorer, `mason op` and `mason trace` decode calls with. Kept in
 * memory: a restarted devnet knows none until they are registered again.
 */
export class AbiRegistry {
  readonly #abis = new Map<string, Abi>();

  /** Checks `address` (a contract whose bytecode `hasBytecode` finds) and `abi` (a mason-abi/1 object), then keeps it. */
  register(address: unknown, abi: unknown, hasBytecode: (address: string) => boolean): void {
    const contract = parseContract(address);
    if (!hasBytecode(contract)) throw new AbiRegistryError('MASON_DEVNET_ABI_ADDRESS', { address: contract, reason: 'holds no contract on this devnet' });
    if (typeof abi !== 'object' || abi === null || Array.isArray(abi)) {
      throw new AbiRegistryError('MASON_DEVNET_ABI_INVALID', {
        address: contract,
        reason: `it must be an object, got ${Array.isArray(abi) ? 'an array' : typeof abi}`,
      });
    }
    let parsed: Abi;
    try {
      parsed = parseAbi(JSON.stringify(abi));
    } catch (error) {
      if (!isCodecError(error)) throw error;
      throw new AbiRegistryError('MASON_DEVNET_ABI_INVALID', { address: contract, reason: error.shortMessage });
    }
    this.#abis.delete(contract);
    this.#abis.set(contract, parsed);
    if (this.#abis.size > MAX_REGISTERED_ABIS) this.#abis.delete(this.#abis.keys().next().value!);
  }

  get(address: string): Abi | null {
    return this.#abis.get(address) ?? null;
  }
}

function parseContract(address: unknown): string {
  const shown = typeof address === 'string' ? JSON.stringify(address) : String(address);
  if (typeof address !== 'string') throw new AbiRegistryError('MASON_DEVNET_ABI_ADDRESS', { address: shown, reason: 'is not an address string' });
  let parsed: Address;
  try {
    parsed = Address.fromString(address);
  } catch (error) {
    throw new AbiRegistryError('MASON_DEVNET_ABI_ADDRESS', { address: shown, reason: `is not an address (${(error as Error).message})` });
  }
  if (!parsed.isContract) throw new AbiRegistryError('MASON_DEVNET_ABI_ADDRESS', { address, reason: 'is a user address, not a smart contract' });
  return parsed.toString();
}
