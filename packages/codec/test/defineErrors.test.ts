import { describe, expect, expectTypeOf, it } from 'vitest';
import { CodecError, DOCS_BASE_URL, defineErrors, isCodecError, isMasonError, MasonError, type CodedError } from '../src/index.js';

const table = {
  MASON_TEST_FULL: '{dir} is full ({used} of {size}); free some space',
  MASON_TEST_PLAIN: 'something plain happened',
  MASON_TEST_LIST: (context: { items: string[]; hint?: string }) => `found ${context.items.join(', ')}${context.hint ? `; ${context.hint}` : ''}`,
} as const;
const { Error: TestError, is: isTestError } = defineErrors(table, 'codec.md', { name: 'TestError' });
type TestError<C extends keyof typeof table = keyof typeof table> = CodedError<typeof table, C>;

describe('defineErrors', () => {
  it('makes a class whose errors carry code, context, message, docs and cause', () => {
    const cause = new Error('disk');
    const error = new TestError('MASON_TEST_FULL', { dir: '/d', used: 9, size: 10 }, { cause });
    expect(error).toBeInstanceOf(TestError);
    expect(error).toBeInstanceOf(MasonError);
    expect(error.name).toBe('TestError');
    expect(TestError.name).toBe('TestError');
    expect(error.code).toBe('MASON_TEST_FULL');
    expect(error.context).toEqual({ dir: '/d', used: 9, size: 10 });
    expect(error.message).toBe('/d is full (9 of 10); free some space');
    expect(error.shortMessage).toBe(error.message);
    expect(error.docs).toBe(`${DOCS_BASE_URL}codec.md#mason_test_full`);
    expect(error.cause).toBe(cause);
    expect(String(error)).toBe('TestError: /d is full (9 of 10); free some space');
    expect('cause' in new TestError('MASON_TEST_PLAIN')).toBe(false);
    expect(new TestError('MASON_TEST_PLAIN').context).toEqual({});
  });

  it('takes function templates, and appends the code to the message when asked', () => {
    expect(new TestError('MASON_TEST_LIST', { items: ['a', 'b'], hint: 'pick one' }).message).toBe('found a, b; pick one');
    const { Error: Logged } = defineErrors(table, 'codec.md', { name: 'LoggedError', codeInMessage: true });
    const error = new Logged('MASON_TEST_LIST', { items: ['a'] });
    expect(error.shortMessage).toBe('found a');
    expect(error.message).toBe('found a [MASON_TEST_LIST]');
  });

  it('refuses a code that is not in its table', () => {
    expect(() => new TestError('MASON_TEST_NOPE' as never)).toThrow(new TypeError('TestError: unknown error code MASON_TEST_NOPE'));
  });

  it('can be extended, and the subclass keeps code, context and name', () => {
    class FullError extends TestError<'MASON_TEST_FULL'> {
      override readonly name = 'FullError';
      constructor(readonly dir: string) {
        super('MASON_TEST_FULL', { dir, used: 1, size: 1 });
      }
    }
    const error = new FullError('/x');
    expect(error).toBeInstanceOf(TestError);
    expect(error.name).toBe('FullError');
    expect(error.context.dir).toBe('/x');
    expect(isTestError(error, 'MASON_TEST_FULL')).toBe(true);
  });

  it('its guard goes by the brand and the table, so it sees errors of another copy of the package', async () => {
    // @ts-expect-error: the query loads a second, separate instance of the module
    const copy = (await import('../src/defineErrors.ts?second-copy')) as typeof import('../src/defineErrors.js');
    const Foreign = copy.defineErrors(table, 'codec.md', { name: 'TestError' }).Error;
    const foreign = new Foreign('MASON_TEST_FULL', { dir: '/d', used: 1, size: 2 });
    expect(foreign).not.toBeInstanceOf(TestError);
    expect(isTestError(foreign)).toBe(true);
    expect(isTestError(foreign, 'MASON_TEST_FULL')).toBe(true);
    expect(isTestError(foreign, 'MASON_TEST_PLAIN')).toBe(false);
  });

  it('its guard refuses other tables and look-alikes', () => {
    const codec = new CodecError('MASON_CODEC_VARINT_TRUNCATED');
    expect(isMasonError(codec)).toBe(true);
    expect(isTestError(codec)).toBe(false);
    expect(isCodecError(codec, 'MASON_CODEC_VARINT_TRUNCATED')).toBe(true);
    expect(isCodecError(new TestError('MASON_TEST_PLAIN'))).toBe(false);
    const plain = new MasonError('MASON_TEST_PLAIN', 'not from the table class', { context: {}, docsPage: 'codec.md' });
    expect(isTestError(plain)).toBe(true); // the brand and a code of the table: as another copy would make it
    for (const other of [new Error('MASON_TEST_PLAIN'), { code: 'MASON_TEST_PLAIN', message: 'x' }, null, undefined, 'MASON_TEST_PLAIN']) {
      expect(isTestError(other)).toBe(false);
    }
  });

  it('types the context per code, from the template or the function', () => {
    expectTypeOf(new TestError('MASON_TEST_LIST', { items: [] }).context).toEqualTypeOf<{ items: string[]; hint?: string }>();
    expectTypeOf<TestError<'MASON_TEST_FULL'>['context']['dir']>().toEqualTypeOf<unknown>();
    expectTypeOf<TestError<'MASON_TEST_FULL'>['code']>().toEqualTypeOf<'MASON_TEST_FULL'>();
    const caught: unknown = new TestError('MASON_TEST_LIST', { items: ['a'] });
    if (isTestError(caught, 'MASON_TEST_LIST')) expectTypeOf(caught.context.items).toEqualTypeOf<string[]>();
    if (caught instanceof TestError) expectTypeOf(caught.code).toEqualTypeOf<'MASON_TEST_FULL' | 'MASON_TEST_PLAIN' | 'MASON_TEST_LIST'>();
    // @ts-expect-error: the template needs `used` and `size` too
    void (() => new TestError('MASON_TEST_FULL', { dir: '/d' }));
    // @ts-expect-error: a function template's context is required
    void (() => new TestError('MASON_TEST_LIST'));
    // @ts-expect-error: not a code of the table
    void (() => isTestError(caught, 'MASON_CODEC_TRUNCATED'));
  });
});
