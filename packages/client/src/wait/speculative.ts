import { isExecuted } from './operationStatus.js';
import type { WaitResult, WaitStrategy } from './waitStrategy.js';

/** Resolves once the operation has executed (success or error), speculatively or finally. */
export function speculative(): WaitStrategy {
  return (context) =>
    context.until<WaitResult>(({ status, info }) =>
      info && isExecuted(status) ? { stage: 'speculative', operationId: context.operationId, status, info } : undefined,
    );
}
