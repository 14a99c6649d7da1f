import type { Account } from '../account/Account.js';
import type { Client } from '../client.js';
import type { Operation } from '../operations/Operation.js';
import { type OperationBuild, type OperationDraft, type OperationOptions, prepareOperation } from '../operations/prepareOperation.js';
import { sendPreparedOperation } from '../operations/sendPreparedOperation.js';

export type { OperationOptions } from '../operations/prepareOperation.js';

/** The operation helpers' path: the one pipeline (`prepareOperation`), then `sendPreparedOperation`. Nothing is sent when a check fails. */
export async function sendOperation(
  client: Client,
  account: Account,
  options: OperationOptions,
  build: (draft: OperationDraft) => OperationBuild,
): Promise<Operation> {
  return sendPreparedOperation(client, await prepareOperation(client, account, options, build));
}
