import { planTransfer, TransferRefused } from '@mason/vm';
import type { DevnetLedger } from './devnetLedger.js';

/**
 * Moves coins on the devnet's ledger by the node's one transfer rule (the VM's `planTransfer`):
 * fees, Transaction and roll operations, async message refunds, block rewards, deferred credits.
 * Throws TransferRefused, with the node's text, and then writes nothing.
 */
export function moveCoins(ledger: DevnetLedger, from: string | undefined, to: string | undefined, amount: bigint, entryCost: bigint): void {
  const plan = planTransfer((address) => ledger.getBalance(address), from, to, amount, entryCost);
  if (plan.from) ledger.write({ kind: 'balance', address: plan.from.address, value: plan.from.balance });
  if (plan.to) ledger.write({ kind: 'balance', address: plan.to.address, value: plan.to.balance });
}

/** moveCoins, but a refused transfer is dropped (the node's credits that cannot be made: it goes on without them). */
export function creditIfAccepted(ledger: DevnetLedger, to: string, amount: bigint, entryCost: bigint): void {
  try {
    moveCoins(ledger, undefined, to, amount, entryCost);
  } catch (error) {
    // Refused: not given, as the node's failing transfer_coins. Anything else (a forked node that
    // cannot be read) is not a refusal and must not lose the credit silently.
    if (!(error instanceof TransferRefused)) throw error;
  }
}
