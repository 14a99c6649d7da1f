import { describe, expect, it } from 'vitest';
import { OperationHistory } from '../../src/chain/OperationHistory.js';

describe('OperationHistory', () => {
  const history = new OperationHistory();
  for (let i = 1; i <= 7; i++) history.append(`O${i}`);
  history.append('O3'); // seen again: keeps its first place
  const forgotten = new Set(['O5', 'O1']);
  const known = (id: string) => !forgotten.has(id);

  it('pages back newest first, skipping forgotten operations, until the first one', () => {
    const first = history.page(2, null, known);
    expect(first).toEqual({ ids: ['O7', 'O6'], next: 'O6' });
    const second = history.page(2, first.next, known);
    expect(second).toEqual({ ids: ['O4', 'O3'], next: 'O3' });
    expect(history.page(2, second.next, known)).toEqual({ ids: ['O2'], next: null });
  });

  it('says when a page reaches the oldest known operation exactly', () => {
    expect(history.page(5, null, known)).toEqual({ ids: ['O7', 'O6', 'O4', 'O3', 'O2'], next: null });
    expect(history.page(10, 'O2', known)).toEqual({ ids: [], next: null });
    expect(history.has('O9')).toBe(false);
  });
});
