import type { Client } from '../client.js';
import { ClientError } from '../errors.js';
import { abortedError } from '../internal/abort.js';
import { OperationObserver } from '../internal/OperationObserver.js';
import type { WaitContext, WaitResult, WaitStrategy } from './waitStrategy.js';

export type WaitOptions = {
  /** The operation's expire period, for `expired()` before the node reports the operation. */
  expirePeriod?: number;
  /** Drive the wait with WebSocket notifications (default: when the client has a wsUrl). */
  notifications?: boolean;
  /** Delay between looks: default 500 ms when polling, 2000 ms as a safety net with notifications. */
  pollIntervalMs?: number;
  signal?: AbortSignal;
};

/**
 * Races the strategies (e.g. `[final(), expired(), timeout(60_000)]`) and resolves with the first
 * result: which stage was reached, or which limit ended the wait. Rejects only when the node
 * cannot be asked (after retries) or on abort.
 */
export async function waitForOperation(
  client: Client,
  operationId: string,
  strategies: readonly WaitStrategy[],
  options: WaitOptions = {},
): Promise<WaitResult> {
  if (strategies.length === 0) {
    throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', {
      name: 'strategies',
      value: '[]',
      expected: 'at least one strategy, e.g. [final(), timeout(60_000)]',
    });
  }
  if (options.signal?.aborted) throw abortedError('waitForOperation');
  const notifications = options.notifications ?? client.wsUrl !== undefined;
  const observer = new OperationObserver(client, operationId, {
    notifications,
    pollIntervalMs: options.pollIntervalMs ?? (notifications ? 2_000 : 500),
  });
  const settled = new AbortController();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortedError('waitForOperation'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const context: WaitContext = {
    client,
    operationId,
    expirePeriod: options.expirePeriod,
    signal: settled.signal,
    get last() {
      return observer.last;
    },
    until: (check, untilOptions) => observer.until(check, untilOptions),
  };
  try {
    return await Promise.race([...strategies.map((strategy) => strategy(context)), aborted]);
  } finally {
    settled.abort();
    observer.stop();
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}
