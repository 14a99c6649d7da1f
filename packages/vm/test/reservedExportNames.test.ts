import { MAS, SecretKey } from '@mason/codec';
import { buildWasm } from '@mason/test-utils';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VM_EXPORT_NAMES, MemoryLedger, meterModule, parseModule, Vm, vmExportNames } from '../src/index.js';
import { CALL_GAS, CHAIN_ID, CONTEXT, SENDER } from './helpers/fixtures.js';

// The VM exports the start function and the watchdog table of a metered module under names of its
// own. A node exports neither, so a contract may use those names for its own exports: it must load,
// keep them, and be metered and watched all the same.

const CONTRACT = SecretKey.fromSeed(new Uint8Array(32).fill(5)).publicKey.address().toString().replace(/^AU/, 'AS');
const TRAP_UNLESS_GLOBAL_IS_1 = [0x23, 0, 0x41, 1, 0x47, 0x04, 0x40, 0x00, 0x0b]; // if (global0 != 1) unreachable
const ADD_TO_GLOBAL = (n: number) => [0x23, 0, 0x41, n, 0x6a, 0x24, 0]; // global0 += n

/** A start section adding 1 to a global; its own `__mason_vm_start` and `__mason_vm_watchdog` add 40. */
const squatter = buildWasm({
  memory: { min: 1 },
  globals: 1,
  functions: [
    { body: ADD_TO_GLOBAL(1) },
    { body: TRAP_UNLESS_GLOBAL_IS_1, export: 'main' },
    { body: ADD_TO_GLOBAL(40), export: '__mason_vm_start' },
    { body: ADD_TO_GLOBAL(40), export: '__mason_vm_watchdog' },
  ],
  start: 0,
});

describe('export names the VM adds to a metered module', () => {
  it('are the defaults, or the first free suffix when the module already exports them', () => {
    expect(vmExportNames(parseModule(buildWasm({ memory: { min: 1 }, functions: [{ body: [], export: 'main' }] })))).toEqual(DEFAULT_VM_EXPORT_NAMES);
    const taken = buildWasm({
      memory: { min: 1 },
      functions: [
        { body: [], export: '__mason_vm_start' },
        { body: [], export: '__mason_vm_start_1' },
        { body: [], export: '__mason_vm_watchdog' },
      ],
    });
    expect(vmExportNames(parseModule(taken))).toEqual({ start: '__mason_vm_start_2', watchdog: '__mason_vm_watchdog_1' });
  });

  it('leave a contract that uses them loadable: its start runs once, its own exports are callable', () => {
    const vm = new Vm({
      state: new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS }, [CONTRACT]: { balance: MAS, bytecode: squatter } }),
      chainId: CHAIN_ID,
    });
    const call = (fn: string) => vm.callSC({ caller: SENDER, target: CONTRACT, function: fn, param: new Uint8Array(), maxGas: CALL_GAS, context: CONTEXT });
    expect(call('main').error).toBeUndefined();
    expect(call('__mason_vm_start').error).toBeUndefined();
    expect(call('__mason_vm_watchdog').error).toBeUndefined();
    expect(call('main').error).toBeUndefined();
    const deployed = vm.executeSC({ bytecode: squatter, caller: SENDER, maxGas: CALL_GAS, context: CONTEXT });
    expect(deployed.error).toBeUndefined();
  });

  it('keep the watchdog armed when the module exports a function under its default name', () => {
    const fillForever = buildWasm({
      memory: { min: 64, max: 64 },
      functions: [
        { body: [0x03, 0x40, 0x41, 0, 0x41, 0, 0x41, 0x80, 0x80, 0x80, 0x02, 0xfc, 11, 0, 0x0c, 0, 0x0b], export: 'main' }, // loop { memory.fill 0, 0, 4 MiB }
        { body: [], export: '__mason_vm_watchdog' },
      ],
    });
    const vm = new Vm({ state: new MemoryLedger({ [SENDER]: { balance: MAS } }), chainId: CHAIN_ID, limits: { maxExecutionMs: 0 } });
    const result = vm.executeSC({ bytecode: fillForever, caller: SENDER, maxGas: 4_000_000_000n, context: CONTEXT });
    expect(result.error?.code).toBe('MASON_VM_WALL_TIME');
  });

  it('let a hosted instance run the start function it was metered with, not the module’s namesake', () => {
    const vm = new Vm({ state: new MemoryLedger({ [SENDER]: { balance: MAS } }), chainId: CHAIN_ID });
    const parsed = parseModule(squatter);
    const metered = meterModule(parsed, { operatorCost: vm.gasCosts.operator, initialPoints: 0n });
    const host = vm.hostInstance({ callStack: [{ address: SENDER }, { address: CONTRACT }], gas: CALL_GAS, context: CONTEXT });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(metered), host.imports);
    host.attach(instance, vmExportNames(parsed));
    expect(() => (instance.exports.main as () => void)()).not.toThrow();
  });
});
