import { DevnetOptionError } from '../devnetOptionError.js';

/** Bounds of one JSON-RPC server (HTTP and its WebSocket), the node's `[api]` values where it has one. */
export interface ServerLimits {
  /** The node's max_request_body_size / max_response_body_size: 50 MiB. */
  maxRequestBodySize: number;
  maxResponseBodySize: number;
  /** The node's batch_request_limit: 16. */
  batchRequestLimit: number;
  /**
   * The node's max_connections (100): HTTP requests being served plus open WebSocket connections,
   * as jsonrpsee counts them. Past it: HTTP 429 `Too many connections. Please try again later.`
   */
  maxConnections: number;
  /**
   * Open TCP sockets, idle ones included; a new socket past it closes the one idle the longest
   * (no request being answered), or is closed itself when every socket has a request being answered.
   */
  maxSockets: number;
  /** ms a client has to send a request's headers, and its whole request; past it: 408 and close. */
  headersTimeout: number;
  requestTimeout: number;
  /** ms an idle keep-alive connection is kept between requests. */
  keepAliveTimeout: number;
  /** ms without any progress (a client that stops reading a response, or stalls): the socket is closed. */
  idleTimeout: number;
  /** WebSocket ping interval (the node's ping_interval, 60 s); a client that has not answered the previous ping is closed. */
  wsPingInterval: number;
  /**
   * Bytes of WebSocket replies and notifications that may wait unsent on one connection before it
   * is closed. (HTTP needs none: a connection's next request is read once the previous answer is written.)
   */
  maxBufferedBytes: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxRequestBodySize: 52_428_800,
  maxResponseBodySize: 52_428_800,
  batchRequestLimit: 16,
  maxConnections: 100,
  maxSockets: 256,
  headersTimeout: 10_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  idleTimeout: 30_000,
  wsPingInterval: 60_000,
  maxBufferedBytes: 16 * 1024 * 1024,
};

/** Checks user-given limits: positive integers only, named in the error. */
export function resolveLimits(overrides: Partial<ServerLimits> = {}): ServerLimits {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    const least = name === 'maxBufferedBytes' ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < least)
      throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', { option: `server limit ${name}`, expected: `an integer of at least ${least}`, value });
  }
  if (limits.headersTimeout > limits.requestTimeout) {
    throw new DevnetOptionError('MASON_DEVNET_INVALID_OPTION', {
      option: 'server limit headersTimeout',
      expected: `at most requestTimeout (${limits.requestTimeout} ms)`,
      value: `${limits.headersTimeout} ms`,
    });
  }
  return limits;
}

/** Counts what jsonrpsee's connection guard counts: requests in progress and open WebSockets. */
export class ConnectionGuard {
  #active = 0;
  constructor(readonly max: number) {}

  get active(): number {
    return this.#active;
  }

  /** Takes a permit; the returned function gives it back (once). Null when none is left. */
  tryAcquire(): (() => void) | null {
    if (this.#active >= this.max) return null;
    this.#active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active--;
    };
  }
}
