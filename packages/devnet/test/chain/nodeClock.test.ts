import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NodeClock } from '../../src/chain/nodeClock.js';

describe('NodeClock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('follows the wall clock, jumps forward when told, and never goes back', () => {
    const clock = new NodeClock();
    expect(clock.now()).toBe(1_000_000);
    clock.advanceTo(1_000_500);
    expect(clock.now()).toBe(1_000_500);
    expect(clock.offset).toBe(500);
    clock.advanceTo(1_000_100); // already passed: nothing changes
    expect(clock.now()).toBe(1_000_500);
    vi.advanceTimersByTime(1_000);
    expect(clock.now()).toBe(1_001_500);
    // the wall clock caught up with a time it was told to reach: no jump
    clock.advanceTo(1_001_000);
    expect(clock.offset).toBe(500);
  });
});
