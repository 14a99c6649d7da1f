import type { JsonRpcBodyHandler } from '../client.js';
import { ClientError } from '../errors.js';
import { abortedError } from './abort.js';
import type { CallOptions } from './httpCall.js';
import { unwrapResponse } from './jsonRpc.js';
import { nextRequestId } from './requestId.js';

/**
 * One JSON-RPC 2.0 call through a handler in this process (a devnet's `handleRequest`): the same
 * request text and answer checks as over HTTP, the same timeout, abort and error codes, no socket.
 */
export async function inProcessCall(handler: JsonRpcBodyHandler, url: string, method: string, params: unknown, options: CallOptions): Promise<unknown> {
  const id = nextRequestId();
  if (options.signal?.aborted) throw abortedError(method);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ClientError('MASON_CLIENT_TIMEOUT', { url, method, timeoutMs: options.timeoutMs })), options.timeoutMs);
    onAbort = () => reject(abortedError(method));
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    let text: string | null;
    try {
      text = await Promise.race([handler(JSON.stringify({ jsonrpc: '2.0', id, method, params })), stopped]);
    } catch (error) {
      if (error instanceof ClientError && (error.code === 'MASON_CLIENT_TIMEOUT' || error.code === 'MASON_CLIENT_ABORTED')) throw error;
      throw new ClientError('MASON_CLIENT_NETWORK_ERROR', { url, method, reason: (error as Error)?.message ?? String(error) }, { cause: error });
    }
    let decoded: unknown;
    try {
      decoded = JSON.parse(text ?? '');
    } catch {
      throw new ClientError('MASON_CLIENT_INVALID_RESPONSE', { url, method, reason: text === null ? 'no answer' : 'the answer is not JSON' });
    }
    return unwrapResponse(decoded, { id, method, url });
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}
