import { getOperationTrace, RpcError, type Client } from '@mason/client';
import type { ExecutionTrace } from '@mason/codec';
import { CliError } from './errors.js';
import { formatTrace } from './formatTrace.js';
import type { Network } from './network.js';
import { traceNames } from './traceNames.js';

/** Whether the node refused a method it does not have (not a Mason devnet). */
export function isMethodNotFound(error: unknown): boolean {
  return error instanceof RpcError && error.rpcCode === -32601;
}

/** The trace of an operation or asynchronous message; a typed refusal when the node has none. */
export async function fetchTrace(client: Client, id: string): Promise<ExecutionTrace> {
  let trace: ExecutionTrace | null | undefined;
  try {
    [trace] = await getOperationTrace(client, [id]);
  } catch (error) {
    if (isMethodNotFound(error)) throw new CliError('MASON_CLI_NO_TRACES', { url: client.url });
    throw error;
  }
  if (!trace) throw new CliError('MASON_CLI_NO_TRACE', { id, url: client.url });
  return trace;
}

/** Prints a trace for a person, names from deployments/<network>.json. */
export function printTrace(trace: ExecutionTrace, network: Network): void {
  for (const line of formatTrace(trace, traceNames(network))) console.log(line);
}
