import type { Client, RequestOptions } from '../client.js';
import type { ExecuteReadOnlyResponse, ReadOnlyBytecodeExecution } from '@mason/codec';

/** `execute_read_only_bytecode`: dry-runs bytecode's `main` (≤ 128); failures are in each `result.Error`. */
export function executeReadOnlyBytecode(
  client: Client,
  executions: readonly ReadOnlyBytecodeExecution[],
  options?: RequestOptions,
): Promise<ExecuteReadOnlyResponse[]> {
  return client.request<ExecuteReadOnlyResponse[]>('execute_read_only_bytecode', [executions], options);
}
