import { describe, expect, it } from 'vitest';

// `@mason/codec/base` is a second entry of the package (src/base.ts): the same objects as the
// index's, so that an error thrown by a package importing one is an instance of the class the
// other exports. Checked on the built bundles, where the two entries share chunks.

const built = (entry: string) => import(new URL(`../dist/${entry}.js`, import.meta.url).href) as Promise<Record<string, unknown>>;

describe('@mason/codec/base', () => {
  it('exports, as the same objects, what the index exports under those names (source and bundles)', async () => {
    const [base, index] = await Promise.all([import('../src/base.js'), import('../src/index.js')]);
    const [builtBase, builtIndex] = await Promise.all([built('base'), built('index')]);
    expect(Object.keys(base).length).toBeGreaterThan(10);
    for (const name of Object.keys(base)) {
      expect((index as Record<string, unknown>)[name], name).toBe((base as Record<string, unknown>)[name]);
      expect(builtIndex[name], `dist: ${name}`).toBe(builtBase[name]);
    }
    const error = new (builtIndex.CodecError as new (...args: unknown[]) => Error)('MASON_CODEC_VARINT_OVERFLOW', { bits: 64 });
    expect(error).toBeInstanceOf(builtBase.MasonError as new () => Error);
  });
});
