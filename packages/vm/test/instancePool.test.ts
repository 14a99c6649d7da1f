import { Args, MAS, SecretKey } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryLedger, Vm } from '../src/index.js';
import { compileModule } from '../src/execution/compileModule.js';
import { createGasCosts } from '../src/gas/GasCosts.js';
import { NODE_CONDOM_LIMITS, parseModule } from '@mason/wasm';
import { findResetBlocker } from '../src/wasm/findResetBlocker.js';
import { buildWasm, F64, I32 } from '@mason/test-utils';
import { compileContract } from './helpers/compileContract.js';
import { CALL_GAS, CHAIN_ID, CONTEXT, SENDER } from './helpers/fixtures.js';

const A = SecretKey.fromSeed(new Uint8Array(32).fill(3)).publicKey.address().toString().replace(/^AU/, 'AS');
const PARAM = new Args().addString('same parameter every time').serialize();

let bytecode: Uint8Array;
beforeAll(async () => {
  bytecode = await compileContract('pooling');
});

function newVm(code: Uint8Array = bytecode): Vm {
  const ledger = new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS }, [A]: { balance: MAS, bytecode: code } });
  return new Vm({ state: ledger, chainId: CHAIN_ID });
}

function call(vm: Vm, fn: string, param: Uint8Array = PARAM) {
  return vm.callSC({ caller: SENDER, target: A, function: fn, param, maxGas: CALL_GAS, context: CONTEXT });
}

interface Observed {
  counter: bigint;
  wide: bigint;
  ratio: number;
  pages: bigint;
  paramAt: bigint;
  cells: bigint;
  hash: bigint;
}

function observed(bytes: Uint8Array): Observed {
  const args = new Args(bytes);
  return {
    counter: args.nextI32(),
    wide: args.nextI64(),
    ratio: args.nextF64(),
    pages: args.nextU32(),
    paramAt: args.nextU32(),
    cells: args.nextU32(),
    hash: args.nextU64(),
  };
}

/** What `fn` sees on a brand-new VM (a fresh instance, nothing pooled yet). */
function fresh(fn = 'look'): Observed {
  const result = call(newVm(), fn);
  expect(result.ok).toBe(true);
  return observed(result.returnValue);
}

describe('instance reuse', () => {
  it('reuses one instance for successive calls, each starting from the initial state', () => {
    const initial = fresh('mutate');
    expect(initial).toMatchObject({ counter: 0n, wide: 7n, ratio: 0.5, pages: 1n, cells: 0n });
    const vm = newVm();
    const results = [call(vm, 'mutate'), call(vm, 'mutate'), call(vm, 'look')];
    expect(observed(results[0]!.returnValue)).toEqual(initial);
    expect(observed(results[1]!.returnValue)).toEqual(initial);
    expect(observed(results[2]!.returnValue)).toEqual(fresh('look'));
    expect(results[0]!.gasUsed).toBe(results[1]!.gasUsed);
    expect(results[0]!.initGasCost).toBe(results[1]!.initGasCost);
    expect(vm.modules.instances.created).toBe(1);
    expect(vm.modules.instances.reused).toBe(2);
    expect(vm.modules.instances.idle).toBe(1);
  });

  it('gives the same gas and return value as a fresh instance', () => {
    const vm = newVm();
    call(vm, 'mutate');
    const reused = call(vm, 'mutate');
    const first = call(newVm(), 'mutate');
    expect(vm.modules.instances.reused).toBe(1);
    expect(reused.gasUsed).toBe(first.gasUsed);
    expect(reused.initGasCost).toBe(first.initGasCost);
    expect(reused.returnValue).toEqual(first.returnValue);
  });

  it('drops an instance whose memory grew, so the next call has the initial memory size', () => {
    const initial = fresh();
    const vm = newVm();
    const grown = call(vm, 'grow');
    expect(grown.ok).toBe(true);
    expect(observed(grown.returnValue)).toEqual(fresh('grow'));
    expect(vm.modules.instances.idle).toBe(0);
    expect(observed(call(vm, 'look').returnValue)).toEqual(initial);
    expect(vm.modules.instances.created).toBe(2);
    expect(observed(call(vm, 'look').returnValue)).toEqual(initial);
    expect(vm.modules.instances.created).toBe(2);
  });

  it.each([
    ['trap', 'MASON_VM_TRAP'],
    ['fail', 'MASON_VM_ABORT'],
    ['burn', 'MASON_VM_OUT_OF_GAS'],
  ])('resets an instance after %s mid-call', (fn, code) => {
    const initial = fresh();
    const vm = newVm();
    const failed = call(vm, fn);
    expect(failed.ok).toBe(false);
    expect(failed.error!.code).toBe(code);
    expect(observed(call(vm, 'look').returnValue)).toEqual(initial);
    expect(vm.modules.instances.created).toBe(1);
    // the metering globals were reset too: a second failure costs what the first did
    expect(call(vm, fn).gasUsed).toBe(failed.gasUsed);
  });

  it('runs a nested call of the same module in its own instance, leaving the caller intact', () => {
    const initial = fresh();
    const vm = newVm();
    for (let round = 0; round < 2; round++) {
      const result = call(vm, 'reenter');
      expect(result.ok).toBe(true);
      const args = new Args(result.returnValue);
      expect(observed(args.nextUint8Array())).toEqual(fresh('mutate'));
      expect(args.nextI32()).toBe(100n); // the caller's globals, not the callee's (1)
      expect(args.nextI64()).toBe(7n);
      expect(args.nextU32()).toBe(1n); // the callee wrote 99 to its own data segment
      expect(args.nextU32()).toBe(42n);
    }
    expect(vm.modules.instances.created).toBe(2);
    expect(vm.modules.instances.idle).toBe(2);
    expect(observed(call(vm, 'look').returnValue)).toEqual(initial);
  });

  it('keeps at most maxIdle instances and forgets them with the module cache', () => {
    const vm = newVm();
    const pool = vm.modules.instances;
    call(vm, 'reenter');
    expect(pool.idle).toBe(2);
    vm.modules.clear();
    expect(pool.idle).toBe(0);
    expect(observed(call(vm, 'look').returnValue)).toEqual(fresh());
  });
});

describe('modules whose instances are not reused', () => {
  const gasCosts = createGasCosts();
  const compile = (bytes: Uint8Array) => {
    const loaded = compileModule(bytes, gasCosts, NODE_CONDOM_LIMITS);
    if (!loaded.ok) throw new Error(loaded.error);
    return loaded.compiled;
  };
  const withGlobal = (init: number[]) =>
    buildWasm({
      memory: { min: 1 },
      functions: [{ body: [], export: 'f' }],
      globalEntries: [
        [F64, 1, 0x44, ...init, 0x0b],
        [I32, 0, 0x41, 0, 0x0b],
      ],
    });

  it('lists the mutable globals to restore, the metering ones included', () => {
    const compiled = compile(withGlobal([0, 0, 0, 0, 0, 0, 0xf8, 0x3f]));
    expect(compiled.resetGlobals).toEqual(['__mason_vm_global_0', 'wasmer_metering_remaining_points', 'wasmer_metering_points_exhausted']);
  });

  it('creates a fresh instance per call for a module with a NaN float global', () => {
    const plain = newVm(withGlobal([0, 0, 0, 0, 0, 0, 0xf8, 0x3f])); // 1.5
    const nan = newVm(withGlobal([1, 0, 0, 0, 0, 0, 0xf8, 0x7f])); // a NaN with a payload
    for (const vm of [plain, nan]) {
      expect(call(vm, 'f').ok).toBe(true);
      expect(call(vm, 'f').ok).toBe(true);
    }
    expect(plain.modules.instances.created).toBe(1);
    expect(nan.modules.instances.created).toBe(2);
    expect(nan.modules.instances.idle).toBe(0);
  });

  it.each([
    ['data.drop', [0xfc, 0x09, 0x00]],
    ['elem.drop', [0xfc, 0x0d, 0x00]],
    ['table.init', [0x41, 0, 0x41, 0, 0x41, 0, 0xfc, 0x0c, 0x00, 0x00]],
    ['table.copy', [0x41, 0, 0x41, 0, 0x41, 0, 0xfc, 0x0e, 0x00, 0x00]],
  ])('refuses to reuse a module that uses %s', (name, body) => {
    const module = parseModule(buildWasm({ functions: [{ body: [0x41, 0xfc, 0x01, 0x1a, ...body] }] }));
    expect(findResetBlocker(module)).toBe(`uses ${name}`);
  });

  it('reuses a module whose immediates contain 0xfc bytes and that uses memory.fill', () => {
    const body = [0x41, 0xfc, 0x09, 0x1a, 0x41, 0, 0x41, 0, 0x41, 0, 0xfc, 0x0b, 0x00];
    expect(findResetBlocker(parseModule(buildWasm({ memory: { min: 1 }, functions: [{ body }] })))).toBeUndefined();
  });

  it('does not export globals over a module export that already uses the reserved prefix', () => {
    const bytes = buildWasm({ memory: { min: 1 }, functions: [{ body: [], export: 'f' }], globals: 1, extraExports: [['__mason_vm_global_x', 0, 0]] });
    expect(compile(bytes).resetGlobals).toBeUndefined();
    const vm = newVm(bytes);
    call(vm, 'f');
    call(vm, 'f');
    expect(vm.modules.instances.created).toBe(2);
  });
});
