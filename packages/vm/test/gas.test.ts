import { Args } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_GAS, CONTEXT, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
beforeAll(async () => {
  w = await world();
});

const call = (fn: string, param: Uint8Array = new Uint8Array(), maxGas = CALL_GAS) =>
  w.vm.callSC({ caller: SENDER, target: w.tester, function: fn, param, maxGas, context: CONTEXT });

describe('gas', () => {
  it('is deterministic and charges each loop iteration the same', () => {
    const used = (n: number) => call('emitMany', new Args().addU32(n).serialize()).gasUsed;
    expect(used(3)).toBe(used(3));
    const step = used(4) - used(3);
    expect(used(5) - used(4)).toBe(step);
    // one iteration pays generate_event (860) plus its operators and the string building
    expect(step).toBeGreaterThan(860n);
    expect(step % 10n === 0n || step > 0n).toBe(true);
  });

  it('meters the start function and the launch of every execution', () => {
    const result = call('noResult');
    expect(result.initGasCost).toBeGreaterThan(0n);
    expect(result.initGasCost).toBeLessThan(2_100_000n);
    expect(result.gasUsed).toBeGreaterThan(result.initGasCost + 15_700n);
  });

  it('gives a nested call all the remaining gas and takes back what it leaves', () => {
    const direct = call('hello').gasUsed;
    const nested = call('forward', new Args().addString(w.tester).addString('hello').addUint8Array(new Uint8Array()).addU64(0n).serialize());
    expect(nested.ok).toBe(true);
    // the nested execution pays its own instantiation, launch and the 15,000 of the call ABI
    expect(nested.gasUsed).toBeGreaterThan(direct + 15_000n);
  });

  it('fails cleanly when the budget ends inside the call', () => {
    const param = new Args().addU32(100_000).serialize();
    const needed = call('spin', param).gasUsed;
    expect(needed).toBeGreaterThan(2_100_000n);
    expect(call('spin', param, needed).ok).toBe(true);
    const result = call('spin', param, needed - 1n);
    expect(result.ok).toBe(false);
    expect(result.error!.code).toBe('MASON_VM_OUT_OF_GAS');
    expect(result.gasUsed).toBe(needed - 1n);
    expect(result.error!.nodeMessage).toBe('VM Error in CallSC context: VM execution error: Not enough gas, limit reached at: spin');
    expect(result.events.at(-1)!.context.is_error).toBe(true);
  });

  it('compiles and meters a bytecode once, then reuses it', () => {
    const misses = w.vm.modules.misses;
    for (let i = 0; i < 5; i++) call('noResult');
    expect(w.vm.modules.misses).toBe(misses);
    const loaded = w.vm.modules.load(w.code.tester);
    expect(loaded.ok).toBe(true);
    // instrumentation + V8 compile time of the ~30 KB tester contract, and the cost of one call
    const started = performance.now();
    const calls = 200;
    for (let i = 0; i < calls; i++) call('noResult');
    const perCall = (performance.now() - started) / calls;
    console.log(
      `tester.wasm ${w.code.tester.length} B: metered+compiled in ${loaded.ok ? loaded.compiled.compileMs.toFixed(1) : '?'} ms; CallSC overhead ${perCall.toFixed(3)} ms`,
    );
    expect(perCall).toBeLessThan(20);
  });
});
