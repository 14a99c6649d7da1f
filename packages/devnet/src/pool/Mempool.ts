import { formatMas, NODE_CONSTANTS, slotTimestamp, type SendOperationInput, type SignedOperation, type Slot } from '@mason/codec';
import { ApiError } from '../apiError.js';
import type { Block } from '../chain/block.js';
import type { ChainIndex } from '../chain/ChainIndex.js';
import { MAX_TIMER_DELAY } from '../chain/nodeClock.js';
import type { OperationRecord } from '../chain/operationRecord.js';
import type { ChainConfig } from '../config.js';
import type { BlockChange } from '../ledger/devnetLedger.js';
import { admitOperations } from './admitOperations.js';
import { ExecutedOperations } from './ExecutedOperations.js';
import { declaredBlockGas, OperationPool, type PooledOperation } from './operationPool.js';
import { preverifyOperations } from './preverifyOperations.js';
import { SignatureWorkers } from './SignatureWorkers.js';

/** From this many operations, a send_operations call has its signatures checked on worker threads too. */
export const PARALLEL_SIGNATURE_CHECK_MIN = 16;

/** What the mempool reads of the node and tells it. */
export interface MempoolHost {
  readonly config: ChainConfig;
  readonly index: ChainIndex;
  now(): number;
  currentSlot(): Slot;
  /** Why the node refuses operations (finality stopped), or null. */
  halted(): Error | null;
  stopped(): boolean;
  /** Checks an operation's signature and decodes it (impersonated senders need none, see Impersonation). */
  verify(input: SendOperationInput): SignedOperation;
  /** An operation entered the pool (the node's 'operation' event). */
  admitted(record: OperationRecord): void;
  /** A call's operations are pooled: something may be due. */
  arrived(): void;
}

/**
 * Operations on their way in: admission as the node's API checks it (in arrival order, signatures
 * on worker threads for big calls), the pool, replay protection, and the pool's own upkeep —
 * expired operations leave it when a block is made (the node's pool refresh) or, when none would
 * be, at their expiry.
 */
export class Mempool {
  readonly pool: OperationPool;
  /** Executed operation ids, for replay protection. */
  readonly #executed = new ExecutedOperations();
  /** Instant mode: a full period of blocks included nothing of what is left in the pool; cleared when something new arrives. */
  stalled = false;
  /** Forgets operations waiting for their sender to pay once they expire, when no block would (see #watchWaitingExpiry). */
  #expiryTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #signatureWorkers = new SignatureWorkers();
  /** The last submitted call's admission: calls are admitted in arrival order. */
  #admission: Promise<unknown> = Promise.resolve();

  constructor(private readonly host: MempoolHost) {
    this.pool = new OperationPool(host.config);
  }

  /**
   * send_operations: checks each operation as the node's API does (the first failure rejects the
   * whole call), then pools them and returns their ids in input order. `verified` holds inputs
   * already decoded with a valid signature (see submitOperations); the others are checked here.
   */
  sendOperations(inputs: SendOperationInput[], verified?: ReadonlyMap<SendOperationInput, SignedOperation>): string[] {
    const { config, index } = this.host;
    const halted = this.host.halted();
    if (halted) throw new ApiError(-32001, `Internal server error: ${halted.message}`);
    const current = this.host.currentSlot();
    const accepted = inputs.map((input) => this.#checkInput(input, current.period, verified?.get(input)));
    const now = this.host.now();
    const isKnown = (id: string) => this.#executed.has(id) || this.pool.has(id);
    for (const { signed, size } of admitOperations(accepted, { config, pool: this.pool, isKnown, now })) {
      const thread = signed.creator.thread(config.threadCount);
      const record = index.admitted(signed, thread);
      this.pool.add({ signed, thread, blockGas: declaredBlockGas(signed), size, addedAt: now });
      this.host.admitted(record);
      this.stalled = false;
    }
    this.host.arrived();
    return accepted.map((signed) => signed.id);
  }

  /**
   * send_operations as the JSON-RPC API runs it: a call of many operations has its signatures
   * checked on worker threads first (see preverifyOperations), then calls are admitted by
   * `sendOperations` one after the other, in arrival order.
   */
  submitOperations(inputs: SendOperationInput[]): Promise<string[]> {
    const checked =
      inputs.length >= PARALLEL_SIGNATURE_CHECK_MIN
        ? preverifyOperations(inputs, this.host.config.chainId, this.#signatureWorkers).catch(() => undefined)
        : undefined;
    const turn = this.#admission.then(() => checked).then((verified) => this.sendOperations(inputs, verified));
    this.#admission = turn.catch(() => undefined);
    return turn;
  }

  #checkInput(input: SendOperationInput, currentPeriod: number, verified: SignedOperation | undefined) {
    const config = this.host.config;
    let signed = verified;
    try {
      signed ??= this.host.verify(input);
    } catch (error) {
      throw ApiError.models((error as Error).message);
    }
    const op = signed.content.op;
    if (op.type === 'CallSC' || op.type === 'ExecuteSC') {
      const limit = config.maxGasPerBlock - NODE_CONSTANTS.baseOperationGasCost - (op.type === 'ExecuteSC' ? NODE_CONSTANTS.spCompilationGasCost : 0n);
      if (op.maxGas > limit) {
        throw ApiError.inconsistency(`Upper gas limit for ${op.type} operation is ${limit}. Your operation will never be included in a block.`);
      }
    }
    if (signed.content.expirePeriod < currentPeriod) {
      throw ApiError.inconsistency('Operation expire_period is lower than the current period of this node. Your operation will never be included in a block.');
    }
    if (signed.content.fee < config.minimalFees) {
      throw ApiError.badRequest(`fee is too low provided: ${formatMas(signed.content.fee)} , minimal_fees required: ${formatMas(config.minimalFees)}`);
    }
    return signed;
  }

  /** Drops what expired before `period` (the pool refresh at each block, or time passing). */
  pruneExpired(period: number): void {
    for (const op of this.pool.pruneExpired(period)) this.host.index.forget(op.signed.id);
    this.#executed.forgetExpiredBefore(period - this.host.config.operationValidityPeriods);
  }

  /** A block took these operations: they leave the pool. */
  taken(chosen: readonly PooledOperation[]): void {
    for (const op of chosen) this.pool.remove(op.signed.id);
    this.#watchWaitingExpiry();
  }

  /** A block that will not be produced gives its operations back (those still known). */
  returned(chosen: readonly PooledOperation[]): void {
    for (const op of chosen) {
      const record = this.host.index.operations.get(op.signed.id);
      if (record) {
        record.inPool = true;
        this.pool.add(op);
      }
    }
  }

  /** The block's operations leave the pool: known as executed while the worker runs them, so the same operation sent again meanwhile is a replay. */
  markIncluded(block: Block): OperationRecord[] {
    const records = block.operations.map((id) => this.host.index.operations.get(id)!);
    for (const record of records) {
      record.inPool = false;
      record.inBlocks.push(block.id);
      this.#executed.add(record.signed.id, record.signed.content.expirePeriod);
    }
    return records;
  }

  unmarkIncluded(record: OperationRecord): void {
    this.#executed.delete(record.signed.id);
    record.inBlocks.pop();
  }

  /** An included operation its block did not execute (it could not pay): not a replay if sent again. */
  notExecuted(id: string): void {
    this.#executed.delete(id);
  }

  /**
   * A revert to a snapshot: the pool holds exactly `ops` again (`unaffordable` of them waiting for
   * their sender to pay), and `gone` (operations included or sent since) are not executed any more
   * (sending one again is no replay).
   */
  restore(ops: readonly PooledOperation[], unaffordable: readonly string[], gone: Iterable<string>): void {
    for (const id of gone) this.#executed.delete(id);
    for (const op of this.pool.all()) this.pool.remove(op.signed.id);
    for (const op of ops) this.pool.add(op);
    for (const id of unaffordable) this.pool.markUnaffordable(id);
    this.stalled = false;
    this.#watchWaitingExpiry();
  }

  /** A final operation read back from disk: sending it again is a replay. */
  restoredExecuted(id: string, expirePeriod: number): void {
    this.#executed.add(id, expirePeriod);
  }

  /** Operations waiting for their sender to be able to pay are candidates again once its balance changed. */
  reconsiderWaiting(changes: readonly BlockChange[]): void {
    if (this.pool.includableCount === this.pool.size) return;
    const credited = new Set<string>();
    for (const change of changes) if (change.kind === 'balance') credited.add(change.address);
    // A stalled instant run tries again: these may fit a block now.
    if (this.pool.reconsiderSenders(credited)) this.stalled = false;
  }

  /**
   * An operation waiting for its sender to pay makes no block, so no block may come to drop it
   * once expired: a timer does, at the first slot after the earliest expiry (as the node's pool
   * refresh drops expired operations).
   */
  #watchWaitingExpiry(): void {
    if (this.#expiryTimer || this.host.stopped()) return;
    const expire = this.pool.earliestUnaffordableExpiry();
    if (expire === null) return;
    const at = slotTimestamp({ period: expire + 1, thread: 0 }, this.host.config);
    this.#expiryTimer = setTimeout(
      () => {
        this.#expiryTimer = null;
        if (this.host.stopped()) return;
        const period = this.host.currentSlot().period;
        // A timer may fire a little early: prune only once the expiry is past, else look again.
        if (period > expire) this.pruneExpired(period);
        this.#watchWaitingExpiry();
      },
      Math.min(MAX_TIMER_DELAY, Math.max(0, at - this.host.now())),
    );
  }

  /** Starts the signature-check workers ahead of a burst. */
  warm(): void {
    this.#signatureWorkers.warm();
  }

  /** Stops the expiry watch (stop); the signature workers close with close(). */
  stopWatching(): void {
    if (this.#expiryTimer) clearTimeout(this.#expiryTimer);
    this.#expiryTimer = null;
  }

  close(): Promise<void> {
    return this.#signatureWorkers.close();
  }
}
