import { createHash } from 'node:crypto';
import { Address, isCodecError, parseAbi, type Abi } from '@mason/codec';
import { AbiRegistryError } from './AbiRegistryError.js';

/** The most contracts whose ABI one devnet keeps; registering more forgets the oldest. */
export const MAX_REGISTERED_ABIS = 10_000;

/** Where the registry reads the code a contract holds now (the candidate ledger). */
export type BytecodeOf = (address: string) => Uint8Array | undefined;

interface Registration {
  abi: Abi;
  /** The code the ABI was registered for: the array last seen, and its hash. */
  bytecode: Uint8Array;
  hash: string;
}

const hashOf = (bytecode: Uint8Array): string => createHash('sha256').update(bytecode).digest('hex');

/**
 * The ABIs of deployed contracts, as `mason deploy` (or anyone, through `mason_register_abi`)
 * registered them: what the explorer, `mason op` and `mason trace` decode calls with. An ABI
 * holds for the code the contract had when it was registered: once the address holds other code
 * (an upgrade, a revert to a snapshot taken before the deployment, another contract deployed at
 * the same address since), it answers null until registered again, rather than decode calls with
 * the wrong layout. Kept in memory: a restarted devnet knows none until they are registered again.
 */
export class AbiRegistry {
  readonly #registrations = new Map<string, Registration>();

  constructor(private readonly bytecodeOf: BytecodeOf) {}

  /** Checks `address` (a contract holding code) and `abi` (a mason-abi/1 object), then keeps it for that code. */
  register(address: unknown, abi: unknown): void {
    const contract = parseContract(address);
    const bytecode = this.bytecodeOf(contract);
    if (!bytecode || bytecode.length === 0) {
      throw new AbiRegistryError('MASON_DEVNET_ABI_ADDRESS', { address: contract, reason: 'holds no contract on this devnet' });
    }
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
    this.#registrations.delete(contract);
    this.#registrations.set(contract, { abi: parsed, bytecode, hash: hashOf(bytecode) });
    if (this.#registrations.size > MAX_REGISTERED_ABIS) this.#registrations.delete(this.#registrations.keys().next().value!);
  }

  /** The ABI registered for the code `address` holds now, or null. */
  get(address: string): Abi | null {
    const registration = this.#registrations.get(address);
    if (!registration) return null;
    const current = this.bytecodeOf(address);
    if (!current) return null;
    // A ledger hands out the same array until the code changes: hashed again only when it is another one.
    if (current !== registration.bytecode) {
      if (hashOf(current) !== registration.hash) return null;
      registration.bytecode = current;
    }
    return registration.abi;
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
