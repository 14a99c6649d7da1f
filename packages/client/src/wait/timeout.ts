import { OperationStatus } from './operationStatus.js';
import type { WaitResult, WaitStrategy } from './waitStrategy.js';

/** Resolves after `ms` milliseconds with the last status seen. */
export function timeout(ms: number): WaitStrategy {
  return (context) =>
    new Promise<WaitResult>((resolve) => {
      const timer = setTimeout(() => {
        resolve({
          stage: 'timeout',
          operationId: context.operationId,
          status: context.last?.status ?? OperationStatus.NotFound,
          timeoutMs: ms,
        });
      }, ms);
      context.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    });
}
