import { describe, expect, it } from 'vitest';
import { byteList } from '../src/index.js';

describe('byteList', () => {
  it('gives the numbers Array.from gives, for every length and for views into a larger buffer', () => {
    for (const length of [0, 1, 2, 31, 256, 24_194]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + 7) & 0xff);
      expect(byteList(bytes), `length ${length}`).toEqual(Array.from(bytes));
    }
    const view = new Uint8Array([9, 8, 7, 6, 5]).subarray(1, 4);
    expect(byteList(view)).toEqual([8, 7, 6]);
  });

  it('is a plain array the JSON of a node writes as numbers', () => {
    expect(JSON.stringify(byteList(new Uint8Array([0, 255, 16])))).toBe('[0,255,16]');
  });
});
