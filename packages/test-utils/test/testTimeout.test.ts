import { describe, expect, it } from 'vitest';
import { timeoutScale } from '../src/testTimeout.js';

describe('timeoutScale', () => {
  it('is the load per core, from 1 on an idle machine to 10 on a swamped one', () => {
    expect(timeoutScale({}, 0.3, 2)).toBe(1);
    expect(timeoutScale({}, 17, 2)).toBe(8.5);
    expect(timeoutScale({}, 90, 2)).toBe(10);
  });

  it('is MASON_TEST_TIMEOUT_SCALE when set, whatever the load', () => {
    expect(timeoutScale({ MASON_TEST_TIMEOUT_SCALE: '3' }, 17, 2)).toBe(3);
    expect(timeoutScale({ MASON_TEST_TIMEOUT_SCALE: '0.5' }, 0, 2)).toBe(0.5);
    expect(timeoutScale({ MASON_TEST_TIMEOUT_SCALE: '' }, 4, 2)).toBe(2);
  });

  it('refuses a MASON_TEST_TIMEOUT_SCALE that is not a positive number, saying what to give', () => {
    for (const value of ['fast', '0', '-2']) {
      expect(() => timeoutScale({ MASON_TEST_TIMEOUT_SCALE: value }, 0, 2)).toThrow(`MASON_TEST_TIMEOUT_SCALE=${value} is not a positive number`);
    }
  });
});
