import { MAS } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { MemoryLedger, Vm } from '../src/index.js';
import { buildWasm, I32, I64 } from '@mason/test-utils';
import { CONTEXT, SENDER } from './helpers/fixtures.js';

const vm = () => new Vm({ state: new MemoryLedger({ [SENDER]: { balance: MAS } }), chainId: 77 });
const run = (bytecode: Uint8Array, maxGas = 10_000_000n) => vm().executeSC({ bytecode, caller: SENDER, maxGas, context: CONTEXT });

describe('instantiation', () => {
  it('refuses ABI calls from the start function', () => {
    const bytecode = buildWasm({
      imports: [{ module: 'massa', name: 'assembly_script_get_time', results: [I64] }],
      memory: { min: 1 },
      functions: [
        { body: [0x10, 0, 0x1a] }, // start: call get_time; drop
        { body: [], export: 'main' },
      ],
      start: 1,
    });
    expect(run(bytecode).error!.nodeMessage).toBe(
      'VM Error in ExecuteSC context: VM instance error: RuntimeError: Runtime error: ABI calls are not available during instantiation',
    );
  });

  it('meters the start function against max_instance', () => {
    const spin = [0x03, 0x40, 0x0c, 0, 0x0b]; // loop { br 0 }
    const bytecode = buildWasm({ memory: { min: 1 }, functions: [{ body: spin }, { body: [], export: 'main' }], start: 0 });
    const result = run(bytecode, 4_000_000_000n);
    expect(result.error).toMatchObject({ code: 'MASON_VM_OUT_OF_GAS' });
    expect(result.error!.nodeMessage).toBe('VM Error in ExecuteSC context: VM instance error: Not enough gas, limit reached at initialization');
  });

  it('links only the host functions a node registers, with their signatures', () => {
    const mimc = buildWasm({
      imports: [{ module: 'massa', name: 'assembly_script_hash_mimc', params: [I32], results: [I32] }],
      memory: { min: 1 },
      functions: [{ body: [], export: 'main' }],
    });
    expect(run(mimc).error!.nodeMessage).toBe(
      'VM Error in ExecuteSC context: VM instance error: Link error: Error while importing "massa"."assembly_script_hash_mimc": unknown import. Expected Function(FunctionType { params: [I32], results: [I32] })',
    );
    const wrongType = buildWasm({
      imports: [{ module: 'massa', name: 'assembly_script_get_time', results: [I32] }],
      memory: { min: 1 },
      functions: [{ body: [], export: 'main' }],
    });
    expect(run(wrongType).error!.nodeMessage).toContain('incompatible import type');
  });

  it('caps memory at 64 pages', () => {
    const grow = [0x41, 64, 0x40, 0, 0x1a]; // memory.grow 64; drop
    const ok = buildWasm({ memory: { min: 1 }, functions: [{ body: [0x41, 63, 0x40, 0, 0x1a], export: 'main' }] });
    expect(run(ok).ok).toBe(true);
    const tooMuch = buildWasm({
      memory: { min: 1 },
      functions: [
        { results: [I32], body: [0x41, 64, 0x40, 0], export: 'probe' },
        { body: grow, export: 'main' },
      ],
    });
    expect(run(tooMuch).ok).toBe(true); // memory.grow returns -1 like on a node, without trapping
    const declared = buildWasm({ memory: { min: 65 }, functions: [{ body: [], export: 'main' }] });
    expect(run(declared).error!.nodeMessage).toBe(
      'VM Error in ExecuteSC context: VM instance error: Insufficient resources: Minimum exceeds the allowed memory limit',
    );
  });

  it('runs main with one parameter, as the deployer declares it', () => {
    const withParam = buildWasm({ memory: { min: 1 }, functions: [{ params: [I32], body: [], export: 'main' }] });
    // no __new export: the runtime cannot allocate the (empty) parameter
    expect(run(withParam).error!.nodeMessage).toBe('VM Error in ExecuteSC context: VM execution error: Failed to get func in env');
    const noParam = buildWasm({ memory: { min: 1 }, functions: [{ body: [], export: 'main' }] });
    expect(run(noParam).ok).toBe(true);
  });
});
