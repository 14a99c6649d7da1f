import { MAS } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { MemoryLedger, Vm } from '../src/index.js';
import { buildWasm, I32, I64 } from '@mason/test-utils';
import { CONTEXT, SENDER } from './helpers/fixtures.js';

// Executions the watchdog must stop through the VM's normal failure path. A 0 ms budget has
// passed at the first check, so the outcome does not depend on the machine's speed.

const getGasForever = buildWasm({
  imports: [{ module: 'massa', name: 'assembly_script_get_remaining_gas', results: [I64] }],
  memory: { min: 1 },
  functions: [{ body: [0x03, 0x40, 0x10, 0, 0x1a, 0x0c, 0, 0x0b], export: 'main' }], // loop { call get_remaining_gas; drop; br 0 }
});
const fillForever = buildWasm({
  memory: { min: 64, max: 64 },
  functions: [{ body: [0x03, 0x40, 0x41, 0, 0x41, 0, 0x41, 0x80, 0x80, 0x80, 0x02, 0xfc, 11, 0, 0x0c, 0, 0x0b], export: 'main' }],
});
// A datastore write before spinning (key and value: the one-byte buffer [0] at address 8, its size
// stored at 4): the failure must undo it.
const SET_KEY_0 = [0x41, 4, 0x41, 1, 0x36, 2, 0, 0x41, 8, 0x41, 8, 0x10, 0];
const writeThenSpin = buildWasm({
  imports: [
    { module: 'massa', name: 'assembly_script_set_data', params: [I32, I32] },
    { module: 'massa', name: 'assembly_script_get_remaining_gas', results: [I64] },
  ],
  memory: { min: 1 },
  functions: [{ body: [...SET_KEY_0, 0x03, 0x40, 0x10, 1, 0x1a, 0x0c, 0, 0x0b], export: 'main' }],
});
const writeOnce = buildWasm({
  imports: [{ module: 'massa', name: 'assembly_script_set_data', params: [I32, I32] }],
  memory: { min: 1 },
  functions: [{ body: SET_KEY_0, export: 'main' }],
});

const vm = (maxExecutionMs: number) => new Vm({ state: new MemoryLedger({ [SENDER]: { balance: MAS } }), chainId: 77, limits: { maxExecutionMs } });
const MAX_GAS = 4_000_000_000n;

describe('wall-clock watchdog through the VM', () => {
  it.each([
    ['a loop of cheap ABI calls', getGasForever],
    ['a loop of 4 MiB memory.fill', fillForever],
  ])('stops %s with MASON_VM_WALL_TIME and the node-style text', (_, bytecode) => {
    const result = vm(0).executeSC({ bytecode, caller: SENDER, maxGas: MAX_GAS, context: CONTEXT });
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ code: 'MASON_VM_WALL_TIME', gasUsed: MAX_GAS, gasLimit: MAX_GAS });
    expect(result.error!.nodeMessage).toBe(
      'VM Error in ExecuteSC context: VM execution error: RuntimeError: Runtime error: execution stopped by the wall-clock watchdog after 0 ms',
    );
    expect(result.error!.message).toContain('wall-clock limit of 0 ms');
    const [event] = result.events;
    expect(event!.context.is_error).toBe(true);
    expect(JSON.parse(event!.data).massa_execution_error).toBe(result.error!.nodeMessage);
  });

  it('fails read-only requests the same way, and the VM serves the next one', () => {
    const machine = vm(0);
    const failed = machine.readOnlyBytecode({ bytecode: getGasForever, maxGas: MAX_GAS, context: CONTEXT });
    expect(failed.error?.code).toBe('MASON_VM_WALL_TIME');
    const quick = buildWasm({ memory: { min: 1 }, functions: [{ body: [], export: 'main' }] });
    expect(machine.readOnlyBytecode({ bytecode: quick, maxGas: 10_000_000n, context: CONTEXT }).ok).toBe(true);
  });

  it('without a budget the same loop ends only when its gas runs out', () => {
    const result = vm(Number.POSITIVE_INFINITY).executeSC({ bytecode: getGasForever, caller: SENDER, maxGas: 20_000_000n, context: CONTEXT });
    expect(result.error?.code).toBe('MASON_VM_OUT_OF_GAS');
  });

  it('leaves the state as it was', () => {
    // The write itself works: without the spin it is committed.
    const written = vm(0).executeSC({ bytecode: writeOnce, caller: SENDER, maxGas: 10_000_000n, context: CONTEXT });
    expect(written.ok).toBe(true);
    expect(written.stateChanges.size).toBe(1);
    const state = new MemoryLedger({ [SENDER]: { balance: MAS } });
    const machine = new Vm({ state, chainId: 77, limits: { maxExecutionMs: 0 } });
    const result = machine.executeSC({ bytecode: writeThenSpin, caller: SENDER, maxGas: MAX_GAS, context: CONTEXT });
    expect(result.error?.code).toBe('MASON_VM_WALL_TIME');
    expect(result.stateChanges.size).toBe(0);
    expect(result.committed).toBe(false);
    expect(state.getBalance(SENDER)).toBe(MAS);
    expect(state.getDataEntry(SENDER, Uint8Array.of(0))).toBeUndefined();
  });
});
