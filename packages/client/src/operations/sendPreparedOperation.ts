import type { SendOperationInput } from '@mason/codec';
import { sendOperations } from '../actions/sendOperations.js';
import type { Client, RequestOptions } from '../client.js';
import { ClientError } from '../errors.js';
import { Operation, type OperationInit } from './Operation.js';

/**
 * Sends an operation `prepareOperation` (or `prepareExecuteSC`) signed, e.g. after recording it,
 * and checks that the node computed the same id. Sending the same bytes again (a resumed run)
 * cannot execute them twice.
 */
export async function sendPreparedOperation(
  client: Client,
  prepared: OperationInit & { input: SendOperationInput },
  options?: RequestOptions,
): Promise<Operation> {
  const [id] = await sendOperations(client, [prepared.input], options);
  if (id !== prepared.id) {
    throw new ClientError('MASON_CLIENT_OPERATION_REJECTED', { expected: prepared.id, received: String(id) });
  }
  return new Operation(client, { id: prepared.id, type: prepared.type, expirePeriod: prepared.expirePeriod, creator: prepared.creator });
}
