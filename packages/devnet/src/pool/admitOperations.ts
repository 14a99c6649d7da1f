import { signedOperationSize, slotAt, type SignedOperation } from '@mason/codec';
import { ApiError } from '../apiError.js';
import type { ChainConfig } from '../config.js';
import type { OperationPool } from './operationPool.js';

export interface AdmittedOperation {
  signed: SignedOperation;
  size: number;
}

export interface AdmissionContext {
  config: ChainConfig;
  pool: OperationPool;
  /** Already executed or already pooled: returned by send_operations, not pooled again. */
  isKnown(id: string): boolean;
  now: number;
}

/**
 * The last period in which an operation's validity may start for the pool to keep it: the
 * node's pool only keeps operations valid in one of its block slots up to now +
 * operation_max_future_start_delay + 2·t0, and drops the others at its next refresh.
 */
export function lastAdmissibleStartPeriod(config: ChainConfig, now: number): number {
  const horizon = now + config.operationMaxFutureStartDelay + 2 * config.t0;
  return slotAt(horizon, { genesisTimestamp: config.genesisTimestamp, t0: config.t0, threadCount: config.threadCount })?.period ?? 0;
}

/**
 * Decides which operations of a send_operations call enter the pool, after the API's own checks.
 * Where the node's pool would silently drop an operation at its next refresh (it can never fit a
 * block, or its validity starts beyond what the pool looks ahead), the devnet refuses it at once;
 * a full pool refuses the whole call. Nothing is pooled unless every operation is admissible.
 */
export function admitOperations(operations: SignedOperation[], context: AdmissionContext): AdmittedOperation[] {
  const { config, pool } = context;
  const fresh = new Map<string, AdmittedOperation>();
  for (const signed of operations) {
    if (context.isKnown(signed.id) || fresh.has(signed.id)) continue;
    const size = signedOperationSize(signed);
    if (size > config.maxBlockSize) {
      throw ApiError.inconsistency(
        `Operation ${signed.id} is ${size} bytes, above the maximum block size of ${config.maxBlockSize} bytes. Your operation will never be included in a block.`,
      );
    }
    const lastStart = lastAdmissibleStartPeriod(config, context.now);
    const start = signed.content.expirePeriod - config.operationValidityPeriods;
    if (start > lastStart) {
      throw ApiError.inconsistency(
        `Operation ${signed.id} has expire_period ${signed.content.expirePeriod}: its validity starts at period ${start}, beyond the periods this node's pool looks ahead to (up to ${lastStart}). Send it again later, or use an expire_period of at most ${lastStart + config.operationValidityPeriods}.`,
      );
    }
    fresh.set(signed.id, { signed, size });
  }
  const admitted = [...fresh.values()];
  if (!pool.hasRoomFor(admitted)) {
    throw ApiError.internal(
      `Failed to add operations to pool: the pool is full (${pool.size} operations, ${pool.bytes} bytes waiting; this devnet keeps at most ${pool.limits.maxOperationPoolSize} operations and ${pool.limits.maxOperationPoolBytes} bytes). Send them again once pending operations are included.`,
    );
  }
  return admitted;
}
