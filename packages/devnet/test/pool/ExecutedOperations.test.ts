import { describe, expect, it } from 'vitest';
import { ExecutedOperations } from '../../src/pool/ExecutedOperations.js';

describe('ExecutedOperations', () => {
  it('forgets exactly the operations whose expire period is before the given one', () => {
    const executed = new ExecutedOperations();
    executed.add('a', 10);
    executed.add('b', 11);
    executed.add('c', 12);
    executed.add('d', 11);
    executed.forgetExpiredBefore(11);
    expect(['a', 'b', 'c', 'd'].filter((id) => executed.has(id))).toEqual(['b', 'c', 'd']);
    executed.forgetExpiredBefore(12);
    expect(['b', 'c', 'd'].filter((id) => executed.has(id))).toEqual(['c']);
    expect(executed.size).toBe(1);
  });

  it('keeps an operation added again under its latest expire period, and deletes by id', () => {
    const executed = new ExecutedOperations();
    executed.add('a', 5);
    executed.add('a', 20);
    executed.forgetExpiredBefore(10);
    expect(executed.has('a')).toBe(true);
    executed.delete('a');
    executed.delete('never added');
    expect(executed.has('a')).toBe(false);
    executed.add('a', 5);
    executed.forgetExpiredBefore(6);
    expect(executed.size).toBe(0);
  });
});
