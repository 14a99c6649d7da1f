import { compareSlots, NODE_CONSTANTS, type OperationContent, type SignedOperation, type Slot } from '@mason/codec';

export interface PooledOperation {
  signed: SignedOperation;
  thread: number;
  /** Declared block gas: 800,000 base (+ max_gas, + 314,000,000 compilation for ExecuteSC). */
  blockGas: bigint;
  size: number;
  addedAt: number;
}

export const BASE_OPERATION_GAS = NODE_CONSTANTS.baseOperationGasCost;
export const SP_COMPILATION_GAS = NODE_CONSTANTS.spCompilationGasCost;

export function declaredBlockGas(signed: { content: OperationContent }): bigint {
  const op = signed.content.op;
  if (op.type === 'CallSC') return op.maxGas + BASE_OPERATION_GAS;
  if (op.type === 'ExecuteSC') return op.maxGas + SP_COMPILATION_GAS + BASE_OPERATION_GAS;
  return BASE_OPERATION_GAS;
}

export interface PoolLimits {
  maxOperationPoolSize: number;
  maxOperationPoolBytes: number;
}

/** Operations waiting for a block of their sender's thread, best fee first; bounded in count and bytes. */
export class OperationPool {
  readonly #byId = new Map<string, PooledOperation>();
  readonly #byThread = new Map<number, Set<string>>();
  /**
   * Each thread's smallest expire period among its pooled operations; a thread missing here is
   * recomputed when asked. So that block production does not scan the whole pool at each slot.
   */
  readonly #minExpire = new Map<number, number>();
  #bytes = 0;
  /** Operations skipped by select() because their sender could not pay; see reconsiderSenders. */
  readonly #unaffordable = new Set<string>();

  constructor(readonly limits: PoolLimits) {}

  get size(): number {
    return this.#byId.size;
  }

  /** Serialized bytes of the operations waiting. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether these operations (none of them pooled yet) fit within the pool's bounds. */
  hasRoomFor(ops: ReadonlyArray<{ size: number }>): boolean {
    const bytes = ops.reduce((sum, op) => sum + op.size, 0);
    return this.#byId.size + ops.length <= this.limits.maxOperationPoolSize && this.#bytes + bytes <= this.limits.maxOperationPoolBytes;
  }

  /** Operations a block could include now: those not waiting for their sender to be able to pay. */
  get includableCount(): number {
    return this.#byId.size - this.#unaffordable.size;
  }

  /** Whether the operation waits for its sender to be able to pay its fee plus max spending. */
  isUnaffordable(id: string): boolean {
    return this.#unaffordable.has(id);
  }

  /** The smallest expire period of the operations waiting for their sender to pay, or null. */
  earliestUnaffordableExpiry(): number | null {
    let min: number | null = null;
    for (const id of this.#unaffordable) {
      const expire = this.#byId.get(id)!.signed.content.expirePeriod;
      if (min === null || expire < min) min = expire;
    }
    return min;
  }

  /** Balances changed: the operations waiting on these senders are candidates again; whether there were any. */
  reconsiderSenders(changed: ReadonlySet<string>): boolean {
    let any = false;
    for (const id of this.#unaffordable) {
      if (!changed.has(this.#byId.get(id)!.signed.creator.toString())) continue;
      this.#unaffordable.delete(id);
      any = true;
    }
    return any;
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /** A pooled operation waits for its sender to be able to pay again (a revert to a snapshot where it did). */
  markUnaffordable(id: string): void {
    if (this.#byId.has(id)) this.#unaffordable.add(id);
  }

  /** Every pooled operation, in arrival order. */
  all(): PooledOperation[] {
    return [...this.#byId.values()];
  }

  get(id: string): PooledOperation | undefined {
    return this.#byId.get(id);
  }

  add(op: PooledOperation): void {
    if (this.#byId.has(op.signed.id)) return;
    this.#byId.set(op.signed.id, op);
    this.#bytes += op.size;
    const ids = this.#byThread.get(op.thread) ?? new Set<string>();
    // A thread whose minimum is unknown stays so (recomputed when asked); an empty one starts with this operation's.
    const min = this.#minExpire.get(op.thread);
    if (ids.size === 0 || min !== undefined) this.#minExpire.set(op.thread, Math.min(min ?? Number.POSITIVE_INFINITY, op.signed.content.expirePeriod));
    ids.add(op.signed.id);
    this.#byThread.set(op.thread, ids);
  }

  remove(id: string): void {
    const op = this.#byId.get(id);
    if (!op) return;
    this.#byId.delete(id);
    this.#unaffordable.delete(id);
    this.#bytes -= op.size;
    this.#byThread.get(op.thread)?.delete(id);
    if (this.#minExpire.get(op.thread) === op.signed.content.expirePeriod) this.#minExpire.delete(op.thread);
  }

  /** The smallest expire period of a thread's pooled operations (Infinity when it has none). */
  #threadMinExpire(thread: number, ids: Set<string>): number {
    let min = this.#minExpire.get(thread);
    if (min === undefined) {
      min = Number.POSITIVE_INFINITY;
      for (const id of ids) min = Math.min(min, this.#byId.get(id)!.signed.content.expirePeriod);
      this.#minExpire.set(thread, min);
    }
    return min;
  }

  /**
   * The earliest slot at or after `from` where a pooled operation can be included: in its
   * thread, not before its validity starts (`expire_period − validityPeriods`). An operation valid
   * only later makes no block before then, so a waiting operation does not keep the chain busy;
   * nor does one whose sender cannot pay.
   */
  nextInclusionSlot(from: Slot, validityPeriods: number): Slot | null {
    let best: Slot | null = null;
    for (const [thread, ids] of this.#byThread) {
      if (ids.size === 0) continue;
      if (this.#unaffordable.size > 0 && [...ids].every((id) => this.#unaffordable.has(id))) continue;
      const start = this.#threadMinExpire(thread, ids) - validityPeriods;
      const period = Math.max(start, thread >= from.thread ? from.period : from.period + 1);
      const candidate = { period, thread };
      if (!best || compareSlots(candidate, best) < 0) best = candidate;
    }
    return best;
  }

  /** Drops operations that can no longer be included (expire period passed); returns them. */
  pruneExpired(currentPeriod: number): PooledOperation[] {
    let anyExpired = false;
    for (const [thread, ids] of this.#byThread) if (ids.size > 0 && this.#threadMinExpire(thread, ids) < currentPeriod) anyExpired = true;
    if (!anyExpired) return [];
    const dropped: PooledOperation[] = [];
    for (const op of this.#byId.values()) {
      if (op.signed.content.expirePeriod < currentPeriod) dropped.push(op);
    }
    for (const op of dropped) this.remove(op.signed.id);
    return dropped;
  }

  /**
   * Picks operations for a block at (period, thread): same thread, valid in this period,
   * best fee first, within the block's size, gas and count limits. An operation whose sender
   * cannot pay its fee plus max spending stays pooled: the node's pool drops it at its next
   * refresh (and get_operations then no longer knows it), the devnet keeps it known until its
   * sender can pay or it expires.
   */
  select(
    period: number,
    thread: number,
    limits: { maxSize: number; maxGas: bigint; maxCount: number; validityPeriods: number },
    canAfford: (op: PooledOperation) => boolean,
  ): PooledOperation[] {
    const ids = this.#byThread.get(thread);
    if (!ids || ids.size === 0) return [];
    const candidates = [...ids]
      .map((id) => this.#byId.get(id)!)
      .filter((op) => {
        const expire = op.signed.content.expirePeriod;
        return period <= expire && period >= Math.max(0, expire - limits.validityPeriods);
      })
      .sort((a, b) => (b.signed.content.fee > a.signed.content.fee ? 1 : b.signed.content.fee < a.signed.content.fee ? -1 : a.addedAt - b.addedAt));
    const chosen: PooledOperation[] = [];
    let size = 0;
    let gas = 0n;
    for (const op of candidates) {
      if (chosen.length >= limits.maxCount) break;
      if (!canAfford(op)) {
        this.#unaffordable.add(op.signed.id);
        continue;
      }
      if (size + op.size > limits.maxSize || gas + op.blockGas > limits.maxGas) continue;
      chosen.push(op);
      size += op.size;
      gas += op.blockGas;
    }
    return chosen;
  }
}
