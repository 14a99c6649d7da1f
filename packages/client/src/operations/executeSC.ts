import type { Account } from '../account/Account.js';
import type { Client } from '../client.js';
import type { Operation } from './Operation.js';
import { type ExecuteSCParams, prepareExecuteSC } from './prepareExecuteSC.js';
import { sendPreparedOperation } from './sendPreparedOperation.js';

export type { ExecuteSCParams } from './prepareExecuteSC.js';

/** Runs bytecode on chain (an ExecuteSC operation), e.g. a deployer. */
export async function executeSC(client: Client, account: Account, params: ExecuteSCParams): Promise<Operation> {
  return sendPreparedOperation(client, await prepareExecuteSC(client, account, params));
}
