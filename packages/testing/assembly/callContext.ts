import * as env from './env';

/** Sets the whole call stack, bottom (transaction creator) → top (the running contract). */
export function setCallStack(addresses: Array<string>): void {
  env.setCallStack(addresses.join(','));
}

/** Sets who calls the contract under test (the frame below the top). */
export function setCaller(address: string): void {
  env.setCaller(address);
}

/** Sets the address the code under test runs as (the top frame): its storage, balance and rights. */
export function setCallee(address: string): void {
  env.setCallee(address);
}

/**
 * Makes the current call look like a deployment: `deployer` created the contract under test and
 * calls it, so `Context.isDeployingContract()` and `callerHasWriteAccess()` are true.
 */
export function setDeployContext(deployer: string = ''): void {
  env.setDeployContext(deployer);
}

/**
 * Coins sent with the current call (`Context.transferredCoins()`), moved from the caller to the
 * contract as a CallSC does; setting it again moves only the difference.
 */
export function setTransferredCoins(amount: u64): void {
  env.setTransferredCoins(amount);
}

/** Sets the balance of any address (nanoMAS), creating its ledger entry if needed. */
export function setBalance(address: string, amount: u64): void {
  env.setBalance(address, amount);
}

/** Timestamp of the current slot in ms (`Context.timestamp()`, `Date.now()`). */
export function setTimestamp(timestamp: u64): void {
  env.setTimestamp(timestamp);
}

/** Moves to slot (period, thread): event indices and the unsafe RNG start over, as in a new slot; the deferred calls due by then run first. */
export function setSlot(period: u64, thread: u8): void {
  env.setSlot(period, thread);
}

/** Chain id returned by `chain_id` (default 77, the devnet's). */
export function setChainId(chainId: u64): void {
  env.setChainId(chainId);
}
