import { parseMas } from '@mason/codec';
import type { Account } from '../account/Account.js';
import type { Client } from '../client.js';
import { checkCount } from '../internal/checks.js';
import { type OperationOptions, sendOperation } from '../internal/sendOperation.js';
import type { Operation } from './Operation.js';

export type BuyRollsParams = OperationOptions & { rollCount: bigint | number };

/** Buys rolls at the node's roll price (100 MAS on Massa networks) (a RollBuy operation). */
export async function buyRolls(client: Client, account: Account, params: BuyRollsParams): Promise<Operation> {
  const rollCount = checkCount('rollCount', params.rollCount);
  return sendOperation(client, account, params, ({ status }) => ({
    spending: rollCount * parseMas(status.config.roll_price),
    payload: () => ({ type: 'RollBuy', rollCount }),
  }));
}
