import { formatMas, MAX_AMOUNT } from '@mason/codec';

/** A transfer the node refuses, with the text of its RuntimeError (speculative_ledger.rs `transfer_coins`). */
export class TransferRefused extends Error {
  override readonly name = 'TransferRefused';
}

/** The balances a transfer leaves, for the caller to write: `create` when `to` gets a new entry. */
export interface TransferPlan {
  from?: { address: string; balance: bigint };
  to?: { address: string; balance: bigint; create: boolean };
}

/**
 * The node's one coin-transfer rule (speculative_ledger.rs `transfer_coins`), for every caller:
 * contracts, Transaction operations, async message refunds, block rewards and deferred credits.
 * Either side may be absent (a pure burn or mint). Spending needs the balance; crediting a missing
 * user address creates it when the amount covers `entryCost` (which it then costs); a missing
 * contract cannot be credited; no balance passes u64. Throws TransferRefused with the node's text.
 */
export function planTransfer(
  balanceOf: (address: string) => bigint | undefined,
  from: string | undefined,
  to: string | undefined,
  amount: bigint,
  entryCost: bigint,
): TransferPlan {
  const plan: TransferPlan = {};
  if (from !== undefined) {
    const balance = balanceOf(from);
    if (balance === undefined) throw new TransferRefused(`spending address ${from} not found`);
    if (balance < amount) {
      throw new TransferRefused(
        `failed to transfer ${formatMas(amount)} coins from spending address ${from} due to insufficient balance ${formatMas(balance)}`,
      );
    }
    plan.from = { address: from, balance: balance - amount };
  }
  if (to !== undefined) {
    const old = to === from ? plan.from!.balance : balanceOf(to);
    if (old !== undefined) {
      if (old + amount > MAX_AMOUNT) {
        throw new TransferRefused(`overflow in crediting address ${to} balance ${formatMas(old)} due to adding ${formatMas(amount)} coins to balance`);
      }
      plan.to = { address: to, balance: old + amount, create: false };
    } else if (to.startsWith('AS')) {
      throw new TransferRefused(`cannot transfer coins to non-existing smart contract address ${to}`);
    } else if (amount >= entryCost) {
      plan.to = { address: to, balance: amount - entryCost, create: true };
    } else {
      throw new TransferRefused(`insufficient amount ${formatMas(amount)} to create credited address ${to}`);
    }
  }
  return plan;
}
