import { describe, expect, it } from 'vitest';
import { gasText } from '../src/operationGas.js';

describe('gasText', () => {
  it('shows what the devnet reports, with the limit', () => {
    expect(gasText({ used: 356_474, max: 427_768 })).toBe('356,474 of 427,768 max');
    expect(gasText({ used: 356_474, max: null })).toBe('356,474');
  });

  it('says a node does not report it, and where an estimate comes from', () => {
    expect(gasText({ used: null, max: 427_768 })).toBe('unknown: a Massa node does not report it (max gas 427,768); mason read gives a read-only estimate');
    expect(gasText({ used: null, max: null })).toBe('unknown: a Massa node does not report it; mason read gives a read-only estimate');
  });
});
