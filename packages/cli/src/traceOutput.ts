import { getOperationTrace, type Client } from '@mason/client';
import type { ExecutionTrace, TraceFrame } from '@mason/codec';
import { CliError, isCliError } from './errors.js';
import { locateOperationFailure } from './failureLocation.js';
import { formatTrace } from './formatTrace.js';
import { isMethodNotFound } from './isMethodNotFound.js';
import type { Network } from './network.js';
import { traceNames } from './traceNames.js';

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
  if (trace.failure && !trace.failure.location) await locateTraceFailure(client, id, trace);
  return trace;
}

/** The trace when the node keeps one (a Mason devnet), else null: for commands that show it when they can. */
export async function traceIfKept(client: Client, id: string): Promise<ExecutionTrace | null> {
  try {
    return await fetchTrace(client, id);
  } catch (error) {
    if (isCliError(error, 'MASON_CLI_NO_TRACES') || isCliError(error, 'MASON_CLI_NO_TRACE')) return null;
    throw error;
  }
}

/** The innermost frame that failed: the one whose failure the trace's own is. */
function failedFrame(frame: TraceFrame): TraceFrame | undefined {
  for (const call of frame.hostCalls) {
    const inner = call.frame && failedFrame(call.frame);
    if (inner) return inner;
  }
  return frame.failure ? frame : undefined;
}

/** Puts the failure's place in the project's source (its build's source maps) on the trace and its failed frame. */
async function locateTraceFailure(client: Client, id: string, trace: ExecutionTrace): Promise<void> {
  const found = await locateOperationFailure(client, id);
  if (!found) return;
  const { file, line, column } = found.location;
  const location = { file, line, column };
  trace.failure!.location = location;
  const frame = trace.root && failedFrame(trace.root);
  if (frame?.failure) frame.failure.location = location;
}

/** Prints a trace for a person, names from deployments/<network>.json. */
export function printTrace(trace: ExecutionTrace, network: Network): void {
  for (const line of formatTrace(trace, traceNames(network))) console.log(line);
}
