import * as env from './env';

/**
 * Back to the initial state: ledger (default accounts and contract only), call stack, coins, slot,
 * timestamp, chain id, operation datastore, events, gas. Deployed contracts are gone.
 */
export function resetVm(): void {
  env.reset();
}

/** Resets the VM before each test of this file (before its `beforeEach` hooks) when enabled. */
export function resetBetweenTests(enabled: bool = true): void {
  env.setResetBetweenTests(enabled);
}
