import { describe, expect, it } from 'vitest';
import { ModuleCache } from '../src/execution/ModuleCache.js';
import { createGasCosts } from '../src/gas/GasCosts.js';
import { NODE_CONDOM_LIMITS } from '@mason/wasm';
import { buildWasm } from '@mason/test-utils';

const exportsOf = (cache: ModuleCache, bytes: Uint8Array) => {
  const loaded = cache.load(bytes);
  if (!loaded.ok) throw new Error(loaded.error);
  return [...loaded.compiled.functions.keys()];
};

describe('ModuleCache', () => {
  it('compiles a bytecode once, whether the same array or an equal copy comes back', () => {
    const cache = new ModuleCache(createGasCosts(), NODE_CONDOM_LIMITS);
    const bytes = buildWasm({ memory: { min: 1 }, functions: [{ body: [], export: 'f' }] });
    expect(exportsOf(cache, bytes)).toEqual(['f']);
    expect(exportsOf(cache, bytes)).toEqual(['f']);
    expect(exportsOf(cache, bytes.slice())).toEqual(['f']);
    expect([cache.misses, cache.hits]).toEqual([1, 2]);
  });

  it('sees an array changed in place since it was loaded as the new bytecode', () => {
    const cache = new ModuleCache(createGasCosts(), NODE_CONDOM_LIMITS);
    const bytes = buildWasm({ memory: { min: 1 }, functions: [{ body: [], export: 'f' }] });
    expect(exportsOf(cache, bytes)).toEqual(['f']);
    bytes.set([0x67], bytes.lastIndexOf(0x66)); // the export name 'f' becomes 'g'
    expect(exportsOf(cache, bytes)).toEqual(['g']);
    expect(cache.misses).toBe(2);
  });

  it('drops the least recently used module past its size', () => {
    const cache = new ModuleCache(createGasCosts(), NODE_CONDOM_LIMITS, 2);
    const modules = ['a', 'b', 'c'].map((name) => buildWasm({ memory: { min: 1 }, functions: [{ body: [], export: name }] }));
    for (const bytes of modules) exportsOf(cache, bytes);
    expect(cache.size).toBe(2);
    exportsOf(cache, modules[0]!);
    expect(cache.misses).toBe(4);
  });
});
