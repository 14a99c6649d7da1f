import { inspect } from 'node:util';
import type { Operation as OperationPayload, SCOutputEvent } from '@mason/codec';
import { getOperationEvents } from '../actions/getOperationEvents.js';
import { getOperationStatus } from '../actions/getOperationStatus.js';
import type { Client, RequestOptions } from '../client.js';
import { expired } from '../wait/expired.js';
import { final } from '../wait/final.js';
import type { OperationStatus } from '../wait/operationStatus.js';
import { speculative } from '../wait/speculative.js';
import { timeout } from '../wait/timeout.js';
import { type WaitOptions, waitForOperation } from '../wait/waitForOperation.js';
import type { WaitResult, WaitStrategy } from '../wait/waitStrategy.js';

/** Transaction, RollBuy, RollSell, ExecuteSC or CallSC. */
export type OperationType = OperationPayload['type'];

export type OperationInit = {
  id: string;
  type: OperationType;
  /** Last period in which a block may include the operation. */
  expirePeriod: number;
  /** The sender's address. */
  creator: string;
};

/** A sent operation: its id and ways to follow it until it executes, becomes final or expires. */
export class Operation {
  readonly id: string;
  readonly type: OperationType;
  readonly expirePeriod: number;
  readonly creator: string;
  readonly #client: Client;

  constructor(client: Client, init: OperationInit) {
    this.#client = client;
    this.id = init.id;
    this.type = init.type;
    this.expirePeriod = init.expirePeriod;
    this.creator = init.creator;
  }

  status(options?: RequestOptions): Promise<OperationStatus> {
    return getOperationStatus(this.#client, this.id, options);
  }

  /** Races the given strategies, e.g. `op.wait([final(), expired(), timeout(30_000)])`. */
  wait(strategies: readonly WaitStrategy[], options: Omit<WaitOptions, 'expirePeriod'> = {}): Promise<WaitResult> {
    return waitForOperation(this.#client, this.id, strategies, { ...options, expirePeriod: this.expirePeriod });
  }

  /** Until executed (success or error), expired, or `timeoutMs` (default 60 s) passed. */
  waitSpeculative(options: Omit<WaitOptions, 'expirePeriod'> & { timeoutMs?: number } = {}): Promise<WaitResult> {
    const { timeoutMs = 60_000, ...rest } = options;
    return this.wait([speculative(), expired(), timeout(timeoutMs)], rest);
  }

  /** Until final (success or error), expired, or `timeoutMs` (default 120 s) passed. */
  waitFinal(options: Omit<WaitOptions, 'expirePeriod'> & { timeoutMs?: number } = {}): Promise<WaitResult> {
    const { timeoutMs = 120_000, ...rest } = options;
    return this.wait([final(), expired(), timeout(timeoutMs)], rest);
  }

  /** The operation's events; `final` as in getOperationEvents. */
  events(options?: RequestOptions & { final?: boolean }): Promise<SCOutputEvent[]> {
    return getOperationEvents(this.#client, this.id, options);
  }

  toJSON(): OperationInit {
    return { id: this.id, type: this.type, expirePeriod: this.expirePeriod, creator: this.creator };
  }

  [inspect.custom](): string {
    return `Operation(${this.type} ${this.id})`;
  }
}
