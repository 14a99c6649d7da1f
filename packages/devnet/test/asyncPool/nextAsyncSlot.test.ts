import type { AsyncMessage } from '@mason/vm';
import { describe, expect, it } from 'vitest';
import { AsyncPoolState, pooledMessageId } from '../../src/asyncPool/asyncPoolState.js';
import { nextAsyncSlot } from '../../src/asyncPool/nextAsyncSlot.js';
import { testAsyncMessage } from '../asyncMessageFixture.js';

const SLOT_GAS = 1_000_000_000n + 4_294_967_295n;

function message(start: [number, number], end: [number, number], options: Partial<AsyncMessage> = {}): AsyncMessage {
  return testAsyncMessage('AS1sender', {
    destination: 'AS1target',
    fee: 0n,
    coins: 0n,
    validityStart: { period: start[0], thread: start[1] },
    validityEnd: { period: end[0], thread: end[1] },
    ...options,
  });
}

function pool(...entries: Array<[AsyncMessage, boolean?]>): AsyncPoolState {
  const state = new AsyncPoolState();
  for (const [m, canBeExecuted] of entries) state.set(pooledMessageId(m), { message: m, canBeExecuted: canBeExecuted ?? true });
  return state;
}

const from = { period: 10, thread: 5 };

describe('nextAsyncSlot', () => {
  it('is null for an empty pool', () => {
    expect(nextAsyncSlot(new AsyncPoolState(), from, 32, SLOT_GAS)).toBeNull();
  });

  it('is the validity start of a message that can run, or now when it is already valid', () => {
    expect(nextAsyncSlot(pool([message([12, 3], [20, 0])]), from, 32, SLOT_GAS)).toEqual({ period: 12, thread: 3 });
    expect(nextAsyncSlot(pool([message([2, 0], [20, 0])]), from, 32, SLOT_GAS)).toEqual(from);
    // inclusive end: still valid in its last slot
    expect(nextAsyncSlot(pool([message([2, 0], [10, 5])]), from, 32, SLOT_GAS)).toEqual(from);
  });

  it('is the slot after the validity end of a message waiting for its trigger, or too big for any slot', () => {
    const trigger = { address: 'AS1watched', datastoreKey: undefined };
    expect(nextAsyncSlot(pool([message([11, 0], [15, 31], { trigger }), false]), from, 32, SLOT_GAS)).toEqual({ period: 16, thread: 0 });
    const huge = message([11, 0], [15, 7], { maxGas: SLOT_GAS });
    expect(nextAsyncSlot(pool([huge]), from, 32, SLOT_GAS)).toEqual({ period: 15, thread: 8 });
  });

  it('is now for a message already expired (its refund is due)', () => {
    expect(nextAsyncSlot(pool([message([1, 0], [10, 4]), false]), from, 32, SLOT_GAS)).toEqual(from);
  });

  it('takes the earliest need of all messages', () => {
    const state = pool([message([30, 0], [40, 0])], [message([11, 0], [13, 2]), false], [message([12, 9], [40, 0])]);
    expect(nextAsyncSlot(state, from, 32, SLOT_GAS)).toEqual({ period: 12, thread: 9 });
  });
});

describe('AsyncPoolState', () => {
  it('lists messages by priority: fee per gas, then emission slot and index', () => {
    const low = message([1, 0], [2, 0], { fee: 1n, maxGas: 100n });
    const high = message([1, 0], [2, 0], { fee: 5n, maxGas: 100n });
    const sameAsLowButLater = message([1, 0], [2, 0], { fee: 2n, maxGas: 200n, emissionSlot: { period: 2, thread: 0 } });
    const state = pool([sameAsLowButLater], [low], [high]);
    expect(state.ordered().map(({ entry }) => entry.message)).toEqual([high, low, sameAsLowButLater]);
    state.set(pooledMessageId(high), null);
    expect(state.ordered().map(({ entry }) => entry.message)).toEqual([low, sameAsLowButLater]);
    expect(state.size).toBe(2);
  });
});
