import { describe, expect, it } from 'vitest';
import { createGasCosts, roundGasCost } from '../../src/gas/GasCosts.js';

describe('gas costs', () => {
  it('rounds like the node: unit digit above 5 up, otherwise down', () => {
    expect([775, 1045, 1046, 15702, 1, 855, 2875].map(roundGasCost)).toEqual([770n, 1040n, 1050n, 15700n, 0n, 850n, 2870n]);
  });

  it('reads the special keys of the node table', () => {
    const costs = createGasCosts();
    expect(costs.launch).toBe(15_700n);
    expect(costs.maxInstance).toBe(2_100_000n);
    expect(costs.abi.get('assembly_script_call')).toBe(15_000n);
    expect(costs.abi.get('assembly_script_transfer_coins')).toBe(1_040n);
    expect(costs.operator).toBe(23n);
    expect(() => createGasCosts({ launch: 1 })).toThrow(/MASON_VM_GAS_TABLE|max_instance cost not found/);
  });
});
