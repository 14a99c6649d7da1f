import { OperationStatus } from './operationStatus.js';
import type { WaitResult, WaitStrategy } from './waitStrategy.js';

/** Resolves once the operation's execution is final (FinalSuccess or FinalError). */
export function final(): WaitStrategy {
  return (context) =>
    context.until<WaitResult>(({ status, info }) =>
      info && (status === OperationStatus.FinalSuccess || status === OperationStatus.FinalError)
        ? { stage: 'final', operationId: context.operationId, status, info }
        : undefined,
    );
}
