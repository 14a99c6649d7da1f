import type { Subscription } from './Subscription.js';

export type RetryOptions = {
  /** Extra attempts after the first one (default 2). */
  retries?: number;
  /** Delay before the first retry in ms, doubled on each retry (default 150). */
  baseDelayMs?: number;
  /** Upper bound of one delay in ms (default 2000). */
  maxDelayMs?: number;
};

export type ClientConfig = {
  /** The node's public JSON-RPC URL, e.g. `http://127.0.0.1:33035`. */
  url: string;
  /** HTTP URL of the API port (33036): get_version, get_largest_stakers, get_next_block_best_parents. */
  apiUrl?: string;
  /** WebSocket URL of the API port, e.g. `ws://127.0.0.1:33036`: subscriptions and push-driven waiting. */
  wsUrl?: string;
  /** Per-request timeout in ms (default 30 000). */
  timeoutMs?: number;
  /** Retry policy for retry-safe methods, or false to never retry. */
  retry?: RetryOptions | false;
  /** Unread notifications a subscription keeps before failing (default 10 000). */
  subscriptionBufferSize?: number;
  /**
   * Sends requests to handlers in this process instead of over HTTP: a devnet started in the
   * same process (`(body) => devnet.handleRequest('public', body)`). `public` replaces `url`,
   * `api` replaces `apiUrl` (and the WebSocket for API-port calls); subscriptions still use
   * `wsUrl`. `url` stays the node's address, shown in errors.
   */
  inProcess?: { public: JsonRpcBodyHandler; api?: JsonRpcBodyHandler };
};

/** Answers a JSON-RPC request body (the text a client would POST) as a node's endpoint does; null: nothing to answer. */
export type JsonRpcBodyHandler = (body: string) => Promise<string | null>;

export type RequestOptions = {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Overrides the client's retry policy for this call. Unsafe methods are never retried. */
  retry?: RetryOptions | false;
};

export type SubscribeOptions = {
  timeoutMs?: number;
  signal?: AbortSignal;
  bufferSize?: number;
};

export type SubscriptionMethods = {
  subscribe: string;
  unsubscribe: string;
  notification: string;
};

/** Values memoized per client. */
export type ClientCache = { chainId?: Promise<bigint> };

export interface Client {
  readonly url: string;
  readonly apiUrl: string | undefined;
  readonly wsUrl: string | undefined;
  readonly timeoutMs: number;
  /** A JSON-RPC call on the public API; `params` is sent as is (positional). */
  request<T = unknown>(method: string, params?: unknown[], options?: RequestOptions): Promise<T>;
  /** A JSON-RPC call on the API port: over apiUrl (HTTP), else over wsUrl. */
  requestApi<T = unknown>(method: string, params?: unknown[], options?: RequestOptions): Promise<T>;
  /** Opens a subscription on wsUrl; resolves once the node has answered with its id. */
  subscribe<T>(methods: SubscriptionMethods, options?: SubscribeOptions): Promise<Subscription<T>>;
  readonly cache: ClientCache;
  /** Closes the keep-alive connections and the WebSocket; open subscriptions end. */
  close(): Promise<void>;
}
