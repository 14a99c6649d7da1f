import type { AbiReturns } from '@mason/codec/base';
import { sameReturns, type Value } from './abiValue.js';

/** What one returned value says of the layout: a layout, `[]`, a one-byte literal (`[0]`), or nothing. */
export type ReturnShape = AbiReturns | 'empty' | 'byte';

const UNKNOWN: AbiReturns = { encoding: 'unknown' };

/** The layout of the bytes `value` stands for; `stored` looks up what was written under a storage key. */
export function returnShape(value: Value, stored: (key: string) => Value[], seen = new Set<string>()): ReturnShape {
  switch (value.k) {
    case 'encoded':
      return value.returns;
    case 'array': {
      if (value.elements.length === 0) return 'empty';
      if (value.elements.length !== 1) return UNKNOWN;
      const [element] = value.elements;
      if (element?.k !== 'typed') return UNKNOWN;
      if (element.literal !== undefined) return element.literal === 0n || element.literal === 1n ? 'byte' : UNKNOWN;
      return element.type === 'u8' || element.type === 'i8' || element.type === 'bool' ? { encoding: 'raw', type: element.type } : UNKNOWN;
    }
    case 'stored': {
      if (value.key === null || seen.has(value.key)) return UNKNOWN;
      seen.add(value.key);
      const writes = stored(value.key);
      return writes.length === 0 ? UNKNOWN : unifyReturns(writes.map((write) => returnShape(write, stored, seen)));
    }
    default:
      return UNKNOWN;
  }
}

/**
 * One layout for every path: all agree, except that `[]` may stand for an empty string or bytes
 * and `[0]`/`[1]` for a bool or u8. Anything else is unknown, never a guess between two.
 */
export function unifyReturns(shapes: readonly ReturnShape[]): AbiReturns {
  const layouts = shapes.filter((shape): shape is AbiReturns => typeof shape === 'object');
  const first = layouts[0];
  if (!first || first.encoding === 'unknown' || layouts.some((layout) => !sameReturns(layout, first))) return UNKNOWN;
  if (shapes.includes('empty') && !(first.encoding === 'raw' && (first.type === 'string' || first.type === 'bytes'))) return UNKNOWN;
  if (shapes.includes('byte') && !(first.encoding === 'raw' && ['bool', 'u8', 'i8'].includes(first.type))) return UNKNOWN;
  return first;
}
