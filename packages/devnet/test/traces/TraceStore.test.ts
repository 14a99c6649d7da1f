import { describe, expect, it } from 'vitest';
import { TraceStore } from '../../src/traces/TraceStore.js';

describe('TraceStore', () => {
  it('keeps the latest `keep` traces, oldest out first', () => {
    const store = new TraceStore({ keep: 2 });
    store.add('O1', '{"a":1}');
    store.add('O2', '{"a":2}');
    store.add('O3', '{"a":3}');
    expect([store.get('O1'), store.get('O2'), store.get('O3')]).toEqual([undefined, '{"a":2}', '{"a":3}']);
    expect(store.size).toBe(2);
  });

  it('stays within its byte budget, and drops a trace larger than the whole budget', () => {
    const store = new TraceStore({ keep: 100, maxBytes: 10 });
    store.add('O1', '12345');
    store.add('O2', '12345');
    expect(store.bytes).toBe(10);
    store.add('O3', '123');
    expect(store.get('O1')).toBeUndefined();
    expect(store.bytes).toBe(8);
    store.add('O4', '12345678901');
    expect(store.get('O4')).toBeUndefined();
    expect(store.bytes).toBe(8);
  });

  it('replaces a trace added again under the same id', () => {
    const store = new TraceStore();
    store.add('O1', 'old');
    store.add('O1', 'newer');
    expect(store.get('O1')).toBe('newer');
    expect(store.bytes).toBe(5);
  });
});
