import type { Account } from '../account/Account.js';
import type { Client } from '../client.js';
import { checkAddress, checkAmount } from '../internal/checks.js';
import { type OperationOptions, sendOperation } from '../internal/sendOperation.js';
import type { AddressLike } from '../types/addressLike.js';
import type { Operation } from './Operation.js';

export type TransferParams = OperationOptions & {
  to: AddressLike;
  /** nanoMAS. A new user address is created only from 0.001 MAS. */
  amount: bigint;
};

/** Sends `amount` nanoMAS from the account to `to` (a Transaction operation). */
export async function transfer(client: Client, account: Account, params: TransferParams): Promise<Operation> {
  const recipient = checkAddress('to', String(params.to));
  const amount = checkAmount('amount', params.amount);
  return sendOperation(client, account, params, () => ({
    spending: amount,
    payload: () => ({ type: 'Transaction', recipient, amount }),
  }));
}
