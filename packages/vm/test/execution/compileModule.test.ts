import { describe, expect, it } from 'vitest';
import { buildWasm } from '@mason/test-utils';
import { createGasCosts } from '../../src/gas/GasCosts.js';
import { NODE_CONDOM_LIMITS } from '@mason/wasm';
import { compileModule } from '../../src/execution/compileModule.js';

const compile = (bytes: Uint8Array) => compileModule(bytes, createGasCosts(), NODE_CONDOM_LIMITS);

describe('compileModule', () => {
  it('selects the runtime by the first byte', () => {
    expect(compile(Uint8Array.of(0, 0x61))).toEqual({ ok: false, error: 'Too small bytecode' });
    expect(compile(Uint8Array.of(2, 0, 0, 0))).toEqual({
      ok: false,
      error: 'Unsupported file format for SC(No discriminant in enum `RuntimeModuleId` matches the value `2`)',
    });
  });

  it('reports malformed wasm as a translation error', () => {
    const result = compile(Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0x01, 0x05, 0x01));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^VM instance error: WebAssembly translation error: Invalid input WebAssembly code at offset/);
  });

  it('rejects disabled wasm features found in function bodies', () => {
    const simd = compile(buildWasm({ memory: { min: 1 }, functions: [{ body: [0xfd, 0x0c, ...new Array(16).fill(0), 0x1a] }] }));
    expect(!simd.ok && simd.error).toMatch(/Invalid input WebAssembly code at offset \d+: SIMD support is not enabled$/);
    const tailCall = compile(buildWasm({ memory: { min: 1 }, functions: [{ body: [0x12, 0] }] }));
    expect(!tailCall.ok && tailCall.error).toMatch(/tail calls support is not enabled$/);
  });

  it('defers import and memory problems to instantiation, as wasmer does', () => {
    const mimc = compile(buildWasm({ imports: [{ module: 'massa', name: 'assembly_script_hash_mimc', params: [0x7f], results: [0x7f] }], memory: { min: 1 } }));
    expect(mimc.ok && mimc.compiled.instanceError).toBe(
      'Link error: Error while importing "massa"."assembly_script_hash_mimc": unknown import. Expected Function(FunctionType { params: [I32], results: [I32] })',
    );
    const big = compile(buildWasm({ memory: { min: 1, max: 65 } }));
    expect(big.ok && big.compiled.instanceError).toBe('Insufficient resources: Maximum exceeds the allowed memory limit');
    const noMemory = compile(buildWasm({ functions: [{ body: [], export: 'main' }] }));
    expect(noMemory.ok && noMemory.compiled.instanceError).toBe('Missing export memory');
  });

  it('lists exported functions with their arity', () => {
    const result = compile(buildWasm({ memory: { min: 1 }, functions: [{ params: [0x7f, 0x7f], results: [0x7f], body: [0x41, 0], export: 'two' }] }));
    expect(result.ok && [...result.compiled.functions]).toEqual([['two', { params: 2, result: 0x7f }]]);
  });
});
