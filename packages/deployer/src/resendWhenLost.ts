import { sendOperations, type Client, type SendOperationInput, type WaitResult, type WaitStrategy } from '@mason/client';

/**
 * A wait strategy that never wins: while the node does not know the operation (a restarted node
 * lost its pool), it sends the same signed bytes again, at most once a second. The id is the
 * hash of the content, so a node executes it at most once; once expired, the node refuses it and
 * the `expired()` strategy ends the wait.
 */
export function resendWhenLost(client: Client, input: SendOperationInput, intervalMs = 1_000): WaitStrategy {
  return (context) => {
    let lastSent = Date.now();
    return context.until<WaitResult>((observation) => {
      if (observation.status === 'NotFound' && Date.now() - lastSent >= intervalMs && !context.signal.aborted) {
        lastSent = Date.now();
        sendOperations(client, [input]).catch(() => undefined);
      }
      return undefined;
    });
  };
}
