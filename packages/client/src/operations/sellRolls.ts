import type { Account } from '../account/Account.js';
import type { Client } from '../client.js';
import { ClientError } from '../errors.js';
import { checkCount } from '../internal/checks.js';
import { type OperationOptions, sendOperation } from '../internal/sendOperation.js';
import type { Operation } from './Operation.js';

export type SellRollsParams = OperationOptions & { rollCount: bigint | number };

/** Sells rolls; their price comes back as a deferred credit about 3 cycles later (a RollSell operation). */
export async function sellRolls(client: Client, account: Account, params: SellRollsParams): Promise<Operation> {
  const rollCount = checkCount('rollCount', params.rollCount);
  return sendOperation(client, account, params, ({ sender }) => {
    if (BigInt(sender.candidate_roll_count) < rollCount) {
      throw new ClientError('MASON_CLIENT_INSUFFICIENT_ROLLS', {
        address: sender.address,
        rolls: sender.candidate_roll_count,
        requested: rollCount.toString(),
      });
    }
    return { spending: 0n, payload: () => ({ type: 'RollSell', rollCount }) };
  });
}
