import { isExecuted } from './operationStatus.js';
import type { Observation, WaitResult, WaitStrategy } from './waitStrategy.js';

/**
 * Resolves when the operation can no longer be included: the node's last slot AND its execution
 * cursor are past the operation's expire period while it has not executed. Waiting for the cursor
 * too avoids calling expired an operation whose block (at the expire period) is not executed yet,
 * and an operation the node lists in a block is never expired: that block executes it (a devnet
 * or a node executing late has included it, but its execution has not landed yet).
 * Never resolves while the expire period is unknown (no handle and the node does not know the
 * operation).
 */
export function expired(): WaitStrategy {
  return (context) =>
    context.until<WaitResult>(
      (observation) => {
        const expirePeriod = context.expirePeriod ?? observation.info?.operation.content.expire_period;
        const period = clockPeriod(observation);
        if (expirePeriod === undefined || period === undefined || isExecuted(observation.status)) return undefined;
        if ((observation.info?.in_blocks.length ?? 0) > 0) return undefined;
        return period > expirePeriod ? { stage: 'expired', operationId: context.operationId, status: observation.status, expirePeriod, period } : undefined;
      },
      // The clock matters only while the operation can still expire: not once it has executed,
      // nor while the node lists it in a block (that block executes it).
      { needsClock: (last) => !last || (!isExecuted(last.status) && (last.info?.in_blocks.length ?? 0) === 0) },
    );
}

function clockPeriod({ lastSlot, activeCursor }: Observation): number | undefined {
  if (!lastSlot) return undefined;
  return activeCursor ? Math.min(lastSlot.period, activeCursor.period) : lastSlot.period;
}
