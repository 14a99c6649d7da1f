import { Address } from './Address';
import * as env from './env/index';

/** Sends `amount` nanoMAS from the current contract to `to`. */
export function transferCoins(to: Address, amount: u64): void {
  env.transferCoins(to.toString(), amount);
}

/** Sends `amount` nanoMAS from `from` to `to`; needs write access on `from`. */
export function transferCoinsOf(from: Address, to: Address, amount: u64): void {
  env.transferCoinsFor(from.toString(), to.toString(), amount);
}

/** Balance of the current contract, in nanoMAS. */
export function balance(): u64 {
  return env.getBalance();
}

/** Balance of `address`, in nanoMAS. */
export function balanceOf(address: Address): u64 {
  return env.getBalanceFor(address.toString());
}
