import { describe, expect, it } from 'vitest';
import { buildWasm, I32, I64 } from '@mason/test-utils';
import { meterModule, POINTS_EXHAUSTED_EXPORT, REMAINING_POINTS_EXPORT, START_EXPORT } from '../../src/wasm/meterModule.js';
import { parseModule } from '@mason/wasm';

const COST = 23n;

function instrument(bytes: Uint8Array, initialPoints = 1_000_000n, imports: WebAssembly.Imports = {}) {
  const metered = meterModule(parseModule(bytes), { operatorCost: COST, initialPoints });
  const instance = new WebAssembly.Instance(new WebAssembly.Module(metered), imports);
  const remaining = instance.exports[REMAINING_POINTS_EXPORT] as WebAssembly.Global;
  const exhausted = instance.exports[POINTS_EXHAUSTED_EXPORT] as WebAssembly.Global;
  return { instance, remaining, exhausted, metered };
}

const used = (remaining: WebAssembly.Global, from = 1_000_000n) => from - (remaining.value as bigint);

describe('meterModule', () => {
  it('charges 23 per operator of straight-line code, end included', () => {
    // i32.const 1, i32.const 2, i32.add, end
    const bytes = buildWasm({ functions: [{ results: [I32], body: [0x41, 1, 0x41, 2, 0x6a], export: 'f' }] });
    const { instance, remaining } = instrument(bytes);
    expect((instance.exports.f as () => number)()).toBe(3);
    expect(used(remaining)).toBe(4n * COST);
  });

  it('charges a loop body on every iteration', () => {
    // local0 = n; loop { local0 -= 1; br_if 0 (local0 != 0) } ; local0
    const body = [
      0x03,
      0x40, // loop
      0x20,
      0,
      0x41,
      1,
      0x6b,
      0x22,
      0, // local.get 0; i32.const 1; i32.sub; local.tee 0
      0x0d,
      0, // br_if 0
      0x0b, // end
      0x20,
      0, // local.get 0
    ];
    const bytes = buildWasm({ functions: [{ params: [I32], results: [I32], body, export: 'count' }] });
    const run = (n: number) => {
      const { instance, remaining } = instrument(bytes);
      (instance.exports.count as (n: number) => number)(n);
      return used(remaining);
    };
    // segments: [loop]=1 op; body [local.get, i32.const, i32.sub, local.tee, br_if]=5 per iteration;
    // after the loop: [end]=1 then [local.get, end]=2.
    expect(run(1)).toBe((1n + 5n + 1n + 2n) * COST);
    expect(run(10) - run(1)).toBe(9n * 5n * COST);
  });

  it('only charges the branch taken by an if', () => {
    // if (param) { i32.const 7; drop } ; end
    const body = [0x20, 0, 0x04, 0x40, 0x41, 7, 0x1a, 0x0b];
    const bytes = buildWasm({ functions: [{ params: [I32], body, export: 'f' }] });
    const taken = instrument(bytes);
    (taken.instance.exports.f as (x: number) => void)(1);
    const skipped = instrument(bytes);
    (skipped.instance.exports.f as (x: number) => void)(0);
    // [local.get, if] + [i32.const, drop, end] + [end]
    expect(used(taken.remaining)).toBe((2n + 3n + 1n) * COST);
    expect(used(skipped.remaining)).toBe((2n + 1n) * COST);
  });

  it('stops an infinite loop when the budget is spent, flagging exhaustion', () => {
    const bytes = buildWasm({ functions: [{ body: [0x03, 0x40, 0x0c, 0, 0x0b], export: 'spin' }] });
    const { instance, exhausted, remaining } = instrument(bytes, 10_000n);
    expect(() => (instance.exports.spin as () => void)()).toThrow(WebAssembly.RuntimeError);
    expect(exhausted.value).toBe(1);
    expect(remaining.value as bigint).toBeLessThan(COST);
  });

  it('charges before host calls, so a host sees the remaining gas of the node', () => {
    let seen = 0n;
    let remainingGlobal: WebAssembly.Global | undefined;
    const bytes = buildWasm({
      imports: [{ module: 'env', name: 'probe' }],
      functions: [{ body: [0x41, 0, 0x1a, 0x10, 0, 0x41, 0, 0x1a], export: 'f' }],
    });
    const metered = meterModule(parseModule(bytes), { operatorCost: COST, initialPoints: 1000n });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(metered), {
      env: { probe: () => void (seen = remainingGlobal!.value as bigint) },
    });
    remainingGlobal = instance.exports[REMAINING_POINTS_EXPORT] as WebAssembly.Global;
    (instance.exports.f as () => void)();
    // [i32.const, drop, call] paid before the call; [i32.const, drop, end] after
    expect(seen).toBe(1000n - 3n * COST);
    expect(remainingGlobal.value).toBe(1000n - 6n * COST);
  });

  it('turns the start section into an export and caps memory at 64 pages', () => {
    const bytes = buildWasm({
      memory: { min: 1 },
      functions: [{ body: [0x41, 1, 0x1a], export: 'noop' }],
      start: 0,
    });
    const { instance, remaining, metered } = instrument(bytes);
    expect(used(remaining)).toBe(0n);
    (instance.exports[START_EXPORT] as () => void)();
    expect(used(remaining)).toBe(3n * COST);
    const memory = instance.exports.memory as WebAssembly.Memory;
    expect(memory.grow(63)).toBe(1);
    expect(() => memory.grow(1)).toThrow();
    expect(parseModule(metered).startFunction).toBeUndefined();
  });

  it('keeps existing globals and exports and their indices', () => {
    const bytes = buildWasm({
      globals: 2,
      functions: [{ results: [I64], body: [0x42, 5], export: 'five' }],
      extraExports: [['g1', 3, 1]],
    });
    const { instance } = instrument(bytes);
    expect((instance.exports.five as () => bigint)()).toBe(5n);
    expect((instance.exports.g1 as WebAssembly.Global).value).toBe(0);
    expect(parseModule(meterModule(parseModule(bytes), { operatorCost: COST, initialPoints: 1n })).definedGlobalCount).toBe(5);
  });
});
