import { describe, expect, it } from 'vitest';
import { Xoshiro256PlusPlus } from '../../src/execution/Xoshiro256PlusPlus.js';

describe('Xoshiro256PlusPlus', () => {
  it('matches the reference sequence of rand_xoshiro', () => {
    const seed = new Uint8Array(32);
    for (const [i, value] of [1, 2, 3, 4].entries()) seed[i * 8] = value;
    const rng = new Xoshiro256PlusPlus(seed);
    const expected = [41943041n, 58720359n, 3588806011781223n, 3591011842654386n, 9228616714210784205n, 9973669472204895162n];
    expect(expected.map(() => rng.nextU64())).toEqual(expected);
  });

  it('derives floats in [0, 1) and restores its state', () => {
    const rng = new Xoshiro256PlusPlus(new Uint8Array(32).fill(7));
    const state = rng.state();
    const first = rng.nextF64();
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(1);
    rng.restore(state);
    expect(rng.nextF64()).toBe(first);
  });
});
