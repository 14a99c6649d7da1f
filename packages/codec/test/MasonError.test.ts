import { describe, expect, expectTypeOf, it } from 'vitest';
import { CodecError, DOCS_BASE_URL, formatTemplate, isMasonError, MasonError, type TemplateKeys } from '../src/index.js';

describe('MasonError', () => {
  it('carries code, context, shortMessage, an absolute docs URL and the cause', () => {
    const cause = new Error('underneath');
    const error = new MasonError('MASON_TEST_THING', 'the thing broke', {
      context: { thing: 1 },
      docsPage: 'codec.md',
      cause,
      message: 'the thing broke [MASON_TEST_THING]',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('MASON_TEST_THING');
    expect(error.context).toEqual({ thing: 1 });
    expect(error.shortMessage).toBe('the thing broke');
    expect(error.message).toBe('the thing broke [MASON_TEST_THING]');
    expect(error.docs).toBe(`${DOCS_BASE_URL}codec.md#mason_test_thing`);
    expect(error.docs).toMatch(/^https:\/\//);
    expect(error.cause).toBe(cause);
    expect('cause' in new MasonError('MASON_TEST_THING', 'x', { context: {}, docsPage: 'codec.md' })).toBe(false);
  });

  it('package errors extend it and keep their message', () => {
    const error = new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'a public key', expected: 32, actual: 3 });
    expect(error).toBeInstanceOf(MasonError);
    expect(error.name).toBe('CodecError');
    expect(error.message).toBe('a public key must be 32 bytes, got 3');
    expect(error.shortMessage).toBe(error.message);
    expect(isMasonError(error, 'MASON_CODEC_LENGTH_INVALID')).toBe(true);
    expect(isMasonError(error, 'MASON_CODEC_TRUNCATED')).toBe(false);
  });

  it('isMasonError recognises an error of another copy of the module, and nothing else', async () => {
    // @ts-expect-error: the query loads a second, separate instance of the module
    const copy = (await import('../src/MasonError.ts?second-copy')) as typeof import('../src/MasonError.js');
    const foreign = new copy.MasonError('MASON_TEST_OTHER', 'from elsewhere', { context: {}, docsPage: 'codec.md' });
    expect(foreign).not.toBeInstanceOf(MasonError);
    expect(isMasonError(foreign, 'MASON_TEST_OTHER')).toBe(true);
    for (const other of [new Error('MASON_TEST_OTHER'), { code: 'MASON_TEST_OTHER', message: 'x', docs: 'y' }, null, undefined, 'MASON_TEST_OTHER', 42]) {
      expect(isMasonError(other)).toBe(false);
    }
  });

  it('formatTemplate fills word placeholders and leaves other braces and missing values alone', () => {
    expect(formatTemplate('{a} and {b}', { a: 1, b: 2n })).toBe('1 and 2');
    expect(formatTemplate('{a} and {b}', { a: 'x' })).toBe('x and {b}');
    expect(formatTemplate('startDevnet({ reset: true }) in {dir}', { dir: '/d' })).toBe('startDevnet({ reset: true }) in /d');
    expect(formatTemplate('{a}', { a: '{b}', b: 'no' })).toBe('{b}');
  });

  it('types the context from the template', () => {
    expectTypeOf<TemplateKeys<'{dir} holds {present}: run startDevnet({ reset: true })'>>().toEqualTypeOf<'dir' | 'present'>();
    expectTypeOf<TemplateKeys<'no placeholder'>>().toEqualTypeOf<never>();
    // @ts-expect-error: the template needs `expected` and `actual` too
    void (() => new CodecError('MASON_CODEC_LENGTH_INVALID', { what: 'x' }));
  });
});
