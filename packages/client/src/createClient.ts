import type { Client, ClientConfig, RequestOptions, RetryOptions, SubscribeOptions, SubscriptionMethods } from './client.js';
import { ClientError } from './errors.js';
import { createHttpAgent, type HttpAgent } from './internal/httpAgent.js';
import { httpCall, httpTarget } from './internal/httpCall.js';
import { inProcessCall } from './internal/inProcessCall.js';
import { DEFAULT_RETRY, type RetryPolicy, withRetry } from './internal/retry.js';
import { RETRY_SAFE_METHODS } from './internal/retrySafeMethods.js';
import type { WsConnection } from './internal/WsConnection.js';
import type { Subscription } from './Subscription.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_BUFFER_SIZE = 10_000;

function retryPolicy(option: RetryOptions | false | undefined, fallback: RetryPolicy): RetryPolicy {
  if (option === false) return { ...fallback, retries: 0 };
  if (option === undefined) return fallback;
  return {
    retries: option.retries ?? fallback.retries,
    baseDelayMs: option.baseDelayMs ?? fallback.baseDelayMs,
    maxDelayMs: option.maxDelayMs ?? fallback.maxDelayMs,
  };
}

function checkUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name, value, expected: `a ${protocols.join(' or ')} URL` });
  }
  if (!protocols.includes(url.protocol.slice(0, -1))) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name, value, expected: `a ${protocols.join(' or ')} URL` });
  }
  return value;
}

function checkInProcess(value: ClientConfig['inProcess']): ClientConfig['inProcess'] {
  if (value === undefined) return undefined;
  const handler = (name: 'public' | 'api', required: boolean) => {
    const given = (value as Record<string, unknown> | null)?.[name];
    if ((given === undefined && !required) || typeof given === 'function') return;
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', {
      name: `inProcess.${name}`,
      value: typeof given,
      expected: 'a function (body: string) => Promise<string | null>',
    });
  };
  handler('public', true);
  handler('api', false);
  return value;
}

/**
 * A client for one Massa node: JSON-RPC 2.0 over keep-alive HTTP (undici) for the public API and
 * the API port, and over one WebSocket for subscriptions; or, with `inProcess`, through handlers
 * of a devnet in the same process.
 */
export function createClient(config: ClientConfig): Client {
  const url = checkUrl('url', config.url, ['http', 'https']);
  const apiUrl = config.apiUrl === undefined ? undefined : checkUrl('apiUrl', config.apiUrl, ['http', 'https']);
  const wsUrl = config.wsUrl === undefined ? undefined : checkUrl('wsUrl', config.wsUrl, ['ws', 'wss']);
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy = retryPolicy(config.retry, DEFAULT_RETRY);
  // undici and ws are loaded on first use (together ~110 ms of module loading): a program that
  // creates a client but never calls, or never subscribes, does not pay for them.
  let agent: Promise<HttpAgent> | undefined;
  let ws: Promise<WsConnection> | undefined;
  let closed = false;
  const publicTarget = httpTarget(url);
  const apiTarget = apiUrl === undefined ? undefined : httpTarget(apiUrl);
  const inProcess = checkInProcess(config.inProcess);

  const dispatcher = (): Promise<HttpAgent> => (agent ??= createHttpAgent({ keepAliveTimeout: 10_000, connections: 32 }));
  const websocket = (method: string): Promise<WsConnection> => {
    if (!wsUrl) throw new ClientError('MASON_CLIENT_WS_URL_MISSING', { method });
    ws ??= import('./internal/WsConnection.js').then(({ WsConnection }) => new WsConnection(wsUrl));
    return ws;
  };

  const send = (
    call: (callOptions: { timeoutMs: number; signal?: AbortSignal | undefined }) => Promise<unknown>,
    method: string,
    options: RequestOptions | undefined,
  ): Promise<unknown> => {
    if (closed) return Promise.reject(new ClientError('MASON_CLIENT_CLOSED', { method }));
    const callOptions = { timeoutMs: options?.timeoutMs ?? timeoutMs, signal: options?.signal };
    const retry = RETRY_SAFE_METHODS.has(method) ? retryPolicy(options?.retry, policy) : { ...policy, retries: 0 };
    return withRetry(() => call(callOptions), retry, options?.signal, method);
  };

  return {
    url,
    apiUrl,
    wsUrl,
    timeoutMs,
    cache: {},
    request<T>(method: string, params: unknown[] = [], options?: RequestOptions): Promise<T> {
      const handler = inProcess?.public;
      if (handler) return send((o) => inProcessCall(handler, url, method, params, o), method, options) as Promise<T>;
      return send(async (o) => httpCall(await dispatcher(), publicTarget, method, params, o), method, options) as Promise<T>;
    },
    requestApi<T>(method: string, params: unknown[] = [], options?: RequestOptions): Promise<T> {
      const handler = inProcess?.api;
      if (handler) return send((o) => inProcessCall(handler, apiUrl ?? wsUrl ?? url, method, params, o), method, options) as Promise<T>;
      if (apiTarget) return send(async (o) => httpCall(await dispatcher(), apiTarget, method, params, o), method, options) as Promise<T>;
      if (!wsUrl) return Promise.reject(new ClientError('MASON_CLIENT_API_URL_MISSING', { method }));
      return send(async (o) => (await websocket(method)).call(method, params, o), method, options) as Promise<T>;
    },
    async subscribe<T>(methods: SubscriptionMethods, options?: SubscribeOptions): Promise<Subscription<T>> {
      if (closed) throw new ClientError('MASON_CLIENT_CLOSED', { method: methods.subscribe });
      return (await websocket(methods.subscribe)).subscribe<T>(methods, {
        timeoutMs: options?.timeoutMs ?? timeoutMs,
        signal: options?.signal,
        bufferSize: options?.bufferSize ?? config.subscriptionBufferSize ?? DEFAULT_BUFFER_SIZE,
        unsubscribeTimeoutMs: timeoutMs,
      });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all([ws?.then((connection) => connection.close()), agent?.then((dispatcher) => dispatcher.close())]);
    },
  };
}
