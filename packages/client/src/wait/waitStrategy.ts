import type { Client } from '../client.js';
import type { OperationInfo, Slot } from '@mason/codec';
import type { OperationStatus } from './operationStatus.js';

/** One look at the operation (and, when a strategy needs the clock, at the node's slots). */
export type Observation = {
  status: OperationStatus;
  info: OperationInfo | undefined;
  /** `get_status.last_slot`, read only while some strategy needs the clock. */
  lastSlot?: Slot | null;
  /** `get_status.execution_stats.active_cursor`, read alongside lastSlot. */
  activeCursor?: Slot;
};

/** How a wait ended: which stage was reached, or which limit stopped it. */
export type WaitResult =
  | { stage: 'speculative'; operationId: string; status: OperationStatus; info: OperationInfo }
  | { stage: 'final'; operationId: string; status: 'FinalSuccess' | 'FinalError'; info: OperationInfo }
  | {
      stage: 'timeout';
      operationId: string;
      /** The last status seen before time ran out: it tells which stage was still missing. */
      status: OperationStatus;
      timeoutMs: number;
    }
  | {
      stage: 'expired';
      operationId: string;
      status: OperationStatus;
      expirePeriod: number;
      /** The period the node's clock and execution had both passed. */
      period: number;
    };

export type WaitContext = {
  readonly client: Client;
  readonly operationId: string;
  /** Known from the Operation handle or the operation's content once the node reports it. */
  readonly expirePeriod: number | undefined;
  /** Aborted as soon as one strategy has won (or the wait was aborted). */
  readonly signal: AbortSignal;
  /** The latest observation, if any. */
  readonly last: Observation | undefined;
  /**
   * Resolves with the first non-undefined value `check` returns for an observation. Observing
   * starts with the first call; `needsClock` adds get_status to each look: `true` until the
   * operation has executed, or a function of the latest observation (undefined before the first).
   */
  until<R>(check: (observation: Observation) => R | undefined, options?: { needsClock?: ClockNeed }): Promise<R>;
};

/** Whether a strategy needs get_status with the next look: always (`true`), or depending on the latest observation. */
export type ClockNeed = boolean | ((last: Observation | undefined) => boolean);

/** A condition raced against the others by waitForOperation; the first to resolve ends the wait. */
export type WaitStrategy = (context: WaitContext) => Promise<WaitResult>;
