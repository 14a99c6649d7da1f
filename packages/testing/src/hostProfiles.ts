import { Address } from '@mason/codec';
import type { MemoryLedgerEntryInit, VmOptions } from '@mason/vm';
import {
  ACCOUNT_BALANCE,
  CONTRACT_BALANCE,
  DEFAULT_CALLER,
  DEFAULT_CHAIN_ID,
  DEFAULT_CONTRACT,
  DEFAULT_SLOT,
  DEFAULT_TIMESTAMP,
  FUNDED_ACCOUNTS,
} from './defaults.js';
import { TestingError } from './errors.js';
import { VM_MOCK_BALANCE, VM_MOCK_CALLER, VM_MOCK_CHAIN_ID, VM_MOCK_CONTRACT, VM_MOCK_SLOT } from './vmMock.js';

/**
 * Where a spec starts and which rules it runs under: Mason's (the node's), or vm-mock's for specs
 * written for it (its defaults, and the leniencies its specs count on; docs/testing.md lists them).
 * The host chooses one in its constructor and asks it wherever the two differ.
 */
export interface HostProfile {
  /** vm-mock's profile: its helpers are provided to the spec. */
  readonly vmMock: boolean;
  /** The call stack's bottom (the transaction creator) and top (the contract under test). */
  readonly caller: string;
  readonly contract: string;
  /** The ledger a spec starts with (and a reset comes back to). */
  readonly ledger: Record<string, MemoryLedgerEntryInit>;
  readonly chainId: bigint;
  readonly slot: { period: number; thread: number };
  readonly timestamp: number;
  /** The VM's options that differ: vm-mock's made-up addresses and its storage, which costs nothing. */
  readonly vm: Pick<VmOptions, 'lenientAddresses' | 'limits'>;
  /** Whether the top frame always carries an operation datastore, maybe empty (vm-mock's does; a CallSC, as Mason's tests run, has none). */
  readonly alwaysOperationDatastore: boolean;
  /** Whether `setDeployContext` grants vm-mock's write access (the caller owns the contract whatever the stack). */
  readonly deployGrantsWriteAccess: boolean;
  /** The address a helper was given, or MASON_TESTING_INVALID_ADDRESS. */
  address(text: string): string;
}

function validAddress(text: string): string {
  try {
    return Address.fromString(text).toString();
  } catch {
    throw new TestingError('MASON_TESTING_INVALID_ADDRESS', { address: text });
  }
}

export function masonProfile(chainId: bigint | number | undefined): HostProfile {
  const ledger: Record<string, MemoryLedgerEntryInit> = { [DEFAULT_CONTRACT]: { balance: CONTRACT_BALANCE } };
  for (const address of FUNDED_ACCOUNTS) ledger[address] = { balance: ACCOUNT_BALANCE };
  return {
    vmMock: false,
    caller: DEFAULT_CALLER,
    contract: DEFAULT_CONTRACT,
    ledger,
    chainId: BigInt(chainId ?? DEFAULT_CHAIN_ID),
    slot: DEFAULT_SLOT,
    timestamp: DEFAULT_TIMESTAMP,
    vm: { lenientAddresses: false },
    alwaysOperationDatastore: false,
    deployGrantsWriteAccess: false,
    address: validAddress,
  };
}

export function vmMockProfile(chainId: bigint | number | undefined): HostProfile {
  return {
    vmMock: true,
    caller: VM_MOCK_CALLER,
    contract: VM_MOCK_CONTRACT,
    ledger: { [VM_MOCK_CALLER]: { balance: VM_MOCK_BALANCE }, [VM_MOCK_CONTRACT]: { balance: VM_MOCK_BALANCE } },
    chainId: BigInt(chainId ?? VM_MOCK_CHAIN_ID),
    slot: VM_MOCK_SLOT,
    // vm-mock's time is the wall clock until mocked: specs compare it with real dates.
    timestamp: Date.now(),
    // vm-mock charges nothing for storage; its specs count on balances that storage leaves alone.
    vm: { lenientAddresses: true, limits: { ledgerCostPerByte: 0n, ledgerEntryBaseCost: 0n } },
    alwaysOperationDatastore: true,
    deployGrantsWriteAccess: true,
    // vm-mock accepts any non-empty string where an address is read.
    address: (text) => {
      try {
        return validAddress(text);
      } catch (error) {
        if (text.length > 0) return text;
        throw error;
      }
    },
  };
}
