import { compareSlots, parseMas, SecretKey, signOperation, type Slot } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { OperationPool, type PooledOperation } from '../../src/pool/operationPool.js';

const VALIDITY = 10;
const RECIPIENT = 'AU12UBnqTHDQALpocVBnkPNy7y5CndUJQTLutaVDDFgMJcq5kQiKq';
const key = SecretKey.fromSeed(new Uint8Array(32).fill(7));

/** Deterministic pseudo-random numbers (mulberry32), so that a failing sequence replays. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pooled(index: number, thread: number, expirePeriod: number): PooledOperation {
  const signed = signOperation({ fee: parseMas('0.01'), expirePeriod, op: { type: 'Transaction', recipient: RECIPIENT, amount: BigInt(index + 1) } }, key, 77n);
  return { signed, thread, blockGas: 0n, size: 100, addedAt: index };
}

/** What the pool must answer, computed from its operations by scanning them all. */
function expectedNextSlot(ops: PooledOperation[], from: Slot): Slot | null {
  let best: Slot | null = null;
  for (const op of ops) {
    const start = op.signed.content.expirePeriod - VALIDITY;
    const candidate = { period: Math.max(start, op.thread >= from.thread ? from.period : from.period + 1), thread: op.thread };
    if (!best || compareSlots(candidate, best) < 0) best = candidate;
  }
  return best;
}

describe('OperationPool', () => {
  it('answers the next inclusion slot and prunes exactly as a scan of every operation would, through random adds, removals and prunes', () => {
    const next = random(12);
    const pool = new OperationPool({ maxOperationPoolSize: 10_000, maxOperationPoolBytes: 10_000_000 });
    const inPool = new Map<string, PooledOperation>();
    let period = 0;
    for (let step = 0; step < 600; step++) {
      const action = next();
      if (action < 0.5) {
        // Few threads and few expire periods (equal minimums and emptied threads are frequent),
        // some valid only after the current period (their validity starts VALIDITY before expiry).
        const op = pooled(step, Math.floor(next() * 3), period + 1 + 3 * Math.floor(next() * 6));
        pool.add(op);
        inPool.set(op.signed.id, op);
      } else if (action < 0.85 && inPool.size > 0) {
        const ids = [...inPool.keys()];
        const id = ids[Math.floor(next() * ids.length)]!;
        pool.remove(id);
        inPool.delete(id);
      } else {
        period += Math.floor(next() * 3);
        const dropped = pool.pruneExpired(period).map((op) => op.signed.id);
        const expired = [...inPool.values()].filter((op) => op.signed.content.expirePeriod < period).map((op) => op.signed.id);
        expect(dropped.sort(), `step ${step}`).toEqual(expired.sort());
        for (const id of expired) inPool.delete(id);
      }
      const from = { period, thread: Math.floor(next() * 3) };
      expect(pool.nextInclusionSlot(from, VALIDITY), `step ${step}`).toEqual(expectedNextSlot([...inPool.values()], from));
      expect(pool.size).toBe(inPool.size);
    }
  });

  it('keeps an operation whose sender cannot pay, out of the next inclusion slot, until its sender changes', () => {
    const pool = new OperationPool({ maxOperationPoolSize: 100, maxOperationPoolBytes: 100_000 });
    const [poor, rich] = [pooled(0, 3, 20), pooled(1, 5, 30)];
    pool.add(poor);
    pool.add(rich);
    const limits = { maxSize: 10_000, maxGas: 10n ** 12n, maxCount: 10, validityPeriods: VALIDITY };
    expect(pool.select(15, 3, limits, () => false)).toEqual([]);
    expect(pool.has(poor.signed.id)).toBe(true);
    expect(pool.includableCount).toBe(1);
    expect(pool.earliestUnaffordableExpiry()).toBe(20);
    // Only the other thread's operation makes a block.
    expect(pool.nextInclusionSlot({ period: 15, thread: 0 }, VALIDITY)).toEqual({ period: 20, thread: 5 });
    expect(pool.reconsiderSenders(new Set(['AU1someoneElse']))).toBe(false);
    expect(pool.reconsiderSenders(new Set([poor.signed.creator.toString()]))).toBe(true);
    expect(pool.includableCount).toBe(2);
    expect(pool.nextInclusionSlot({ period: 15, thread: 0 }, VALIDITY)).toEqual({ period: 15, thread: 3 });
    expect(pool.select(15, 3, limits, () => true).map((op) => op.signed.id)).toEqual([poor.signed.id]);
    pool.select(15, 5, limits, () => false);
    pool.remove(rich.signed.id);
    expect(pool.earliestUnaffordableExpiry()).toBeNull();
    expect(pool.includableCount).toBe(1);
  });
});
