import { describe, expect, it } from 'vitest';
import { checkCondomLimits, NODE_CONDOM_LIMITS, parseModule } from '../src/index.js';
import { buildWasm, I32 } from '@mason/test-utils';

const check = (bytes: Uint8Array) => checkCondomLimits(parseModule(bytes), NODE_CONDOM_LIMITS)?.nodeMessage;

describe('checkCondomLimits', () => {
  it('accepts an ordinary module with one custom section', () => {
    expect(check(buildWasm({ functions: [{ body: [] }], customSections: [{ name: 'sourceMappingURL', size: 10 }] }))).toBeUndefined();
  });

  it('rejects a second custom section (e.g. asc --debug plus --sourceMap)', () => {
    const bytes = buildWasm({
      customSections: [
        { name: 'name', size: 3 },
        { name: 'sourceMappingURL', size: 3 },
      ],
    });
    expect(check(bytes)).toBe('Error in middleware CondomMiddleware: The WASM file has too many custom sections. Blocked to prevent compile-time memory bloat');
  });

  it('rejects a custom section above 1,000,000 bytes', () => {
    expect(check(buildWasm({ customSections: [{ name: 'big', size: 1_000_001 }] }))).toContain("named 'big' with size 1000001 is too big (limit: 1000000)");
  });

  it('rejects more than 1024 exports and more than 768 functions', () => {
    const functions = Array.from({ length: 769 }, (_, i) => ({ body: [], export: `f${i}` }));
    expect(check(buildWasm({ functions }))).toContain('too many functions');
    const exports = Array.from({ length: 1025 }, (_, i): [string, number, number] => [`e${i}`, 0, 0]);
    expect(check(buildWasm({ functions: [{ body: [] }], extraExports: exports }))).toContain('too many exports');
  });

  it('rejects signatures of more than 72 values and more than 512 globals', () => {
    expect(check(buildWasm({ functions: [{ params: new Array(73).fill(I32), body: [] }] }))).toContain('too many parameters');
    expect(check(buildWasm({ globals: 513 }))).toContain('too many global initializers (contains; 513 limit: 512)');
  });
});

describe('parseModule', () => {
  it('rejects multi-value function types', () => {
    const multiValue = buildWasm({ functions: [{ results: [I32, I32], body: [0x41, 0, 0x41, 0] }] });
    expect(() => parseModule(multiValue)).toThrow(/multi-value feature is not enabled/);
  });

  it('reads imports, exports and the start function', () => {
    const module = parseModule(
      buildWasm({ imports: [{ module: 'massa', name: 'x' }], functions: [{ body: [], export: 'main' }], start: 1, memory: { min: 1 } }),
    );
    expect(module.importedFunctionCount).toBe(1);
    expect(module.exports.map((entry) => entry.name)).toEqual(['main', 'memory']);
    expect(module.startFunction).toBe(1);
    expect(module.memories).toEqual([{ min: 1, max: undefined }]);
  });
});
