import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printableText } from '../src/index.js';

/** The definition: the bytes decode as UTF-8 and the text holds no control character but \t \n \v \f \r. */
function byDefinition(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('printableText', () => {
  it('reads printable UTF-8, tabs and newlines included', () => {
    expect(printableText(encode('total'))).toBe('total');
    expect(printableText(encode('é😀 line\n\tnext\r'))).toBe('é😀 line\n\tnext\r');
    expect(printableText(new Uint8Array())).toBe('');
  });

  it('refuses binary values, control characters and invalid UTF-8', () => {
    expect(printableText(new Uint8Array([5, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(printableText(encode('a\u0007b'))).toBeNull();
    expect(printableText(encode('del\u007f'))).toBeNull();
    expect(printableText(new Uint8Array([0xc3]))).toBeNull();
    expect(printableText(new Uint8Array([0xff, 0x41]))).toBeNull();
  });

  it('agrees with its definition on any bytes and any text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        expect(printableText(bytes)).toBe(byDefinition(bytes));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const bytes = encode(text);
        expect(printableText(bytes)).toBe(byDefinition(bytes));
      }),
      { numRuns: 2000 },
    );
  });
});
