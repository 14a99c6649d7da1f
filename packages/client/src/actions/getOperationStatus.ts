import type { Client, RequestOptions } from '../client.js';
import { type OperationStatus, operationStatusFromInfo } from '../wait/operationStatus.js';
import { getOperations } from './getOperations.js';

/** The status of one operation (NotFound … FinalSuccess/FinalError) from `get_operations`. */
export async function getOperationStatus(client: Client, operationId: string, options?: RequestOptions): Promise<OperationStatus> {
  const infos = await getOperations(client, [operationId], options);
  return operationStatusFromInfo(infos.find((info) => info.id === operationId));
}
