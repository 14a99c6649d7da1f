import { ClientError } from '../errors.js';
import { abortedError } from './abort.js';
import type { HttpAgent } from './httpAgent.js';
import { isErrorObject, toRpcError, unwrapResponse } from './jsonRpc.js';
import { errorReason, networkErrorCode } from './networkErrorCode.js';
import { nextRequestId } from './requestId.js';

export type CallOptions = { timeoutMs: number; signal?: AbortSignal | undefined };

/** A node's HTTP endpoint, parsed once for all its calls. */
export interface HttpTarget {
  url: string;
  origin: string;
  path: string;
}

export function httpTarget(url: string): HttpTarget {
  const { origin, pathname, search } = new URL(url);
  return { url, origin, path: pathname + search };
}

/** One JSON-RPC 2.0 call over HTTP POST through a keep-alive undici agent. */
export async function httpCall(agent: HttpAgent, target: HttpTarget, method: string, params: unknown, options: CallOptions): Promise<unknown> {
  const { url } = target;
  const id = nextRequestId();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  try {
    let text: string;
    let status: number;
    try {
      const response = await agent.request({
        origin: target.origin,
        path: target.path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal: controller.signal,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      if (timedOut) throw new ClientError('MASON_CLIENT_TIMEOUT', { url, method, timeoutMs: options.timeoutMs });
      if (options.signal?.aborted) throw abortedError(method);
      if (networkErrorCode(error) === 'ECONNREFUSED') {
        throw new ClientError('MASON_CLIENT_CONNECTION_REFUSED', { url }, { cause: error });
      }
      throw new ClientError('MASON_CLIENT_NETWORK_ERROR', { url, method, reason: errorReason(error) }, { cause: error });
    }

    let decoded: unknown;
    let parsed = true;
    try {
      decoded = JSON.parse(text);
    } catch {
      parsed = false;
    }
    if (status < 200 || status >= 300) {
      // jsonrpsee answers some errors (413 request too big, …) with a JSON-RPC error body.
      const error = parsed ? (decoded as { error?: unknown } | null)?.error : undefined;
      if (isErrorObject(error)) throw toRpcError(error, { method, url });
      throw new ClientError('MASON_CLIENT_HTTP_STATUS', { url, method, status, body: text.slice(0, 200) });
    }
    if (!parsed) {
      throw new ClientError('MASON_CLIENT_INVALID_RESPONSE', { url, method, reason: 'the body is not JSON' });
    }
    return unwrapResponse(decoded, { id, method, url });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
