import { ClientError } from '../errors.js';
import { RpcError } from '../RpcError.js';
import { isTransientRpcError } from '../rpcErrorCodes.js';
import { sleep } from './abort.js';

export type RetryPolicy = {
  /** Extra attempts after the first one. */
  retries: number;
  /** Delay before the first retry; doubles each time. */
  baseDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 150, maxDelayMs: 2_000 };

/** Failures where the request may not have reached the node, or the node asked to come back later. */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof RpcError) return !error.isClientSide && isTransientRpcError(error.rpcCode, error.rpcMessage);
  if (!(error instanceof ClientError)) return false;
  switch (error.code) {
    case 'MASON_CLIENT_CONNECTION_REFUSED':
    case 'MASON_CLIENT_NETWORK_ERROR':
    case 'MASON_CLIENT_TIMEOUT':
    case 'MASON_CLIENT_WS_CLOSED':
      return true;
    case 'MASON_CLIENT_HTTP_STATUS': {
      const { status } = (error as ClientError<'MASON_CLIENT_HTTP_STATUS'>).context;
      return status === 408 || status === 429 || status >= 500;
    }
    default:
      return false;
  }
}

export async function withRetry<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal, method = 'request'): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= policy.retries || !isRetryableError(error)) throw error;
      const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
      // Half fixed, half random: spreads clients that failed together.
      await sleep(delay / 2 + Math.random() * (delay / 2), signal, method);
    }
  }
}
