import { currentAddress, transferCoins } from '../contextLedger.js';
import { hostFailure } from '../failures.js';
import type { InstanceEnv } from '../InstanceEnv.js';
import { abi, type HostFunctions } from './hostFunction.js';

/** Balances and transfers. Spending needs write access on the spending address. */
export function coinFunctions(env: InstanceEnv): HostFunctions {
  return {
    assembly_script_transfer_coins: abi(env, 'assembly_script_transfer_coins', (to: number, amount: bigint) => {
      if (amount < 0n) throw hostFailure('Negative raw amount.');
      const recipient = env.readAddress(to);
      transferCoins(env.ctx, currentAddress(env.ctx), recipient, amount, true);
    }),
    assembly_script_transfer_coins_for: abi(env, 'assembly_script_transfer_coins_for', (from: number, to: number, amount: bigint) => {
      if (amount < 0n) throw hostFailure('Negative raw amount.');
      const spender = env.readAddress(from);
      const recipient = env.readAddress(to);
      transferCoins(env.ctx, spender, recipient, amount, true);
    }),
    assembly_script_get_balance: abi(env, 'assembly_script_get_balance', () => BigInt.asIntN(64, env.ctx.ledger.getBalance(currentAddress(env.ctx)) ?? 0n)),
    assembly_script_get_balance_for: abi(env, 'assembly_script_get_balance_for', (address: number) =>
      BigInt.asIntN(64, env.ctx.ledger.getBalance(env.readAddress(address)) ?? 0n),
    ),
  };
}
