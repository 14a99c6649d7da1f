import { afterEach, describe, expect, it } from 'vitest';
import { buildWasm, I32, I64 } from '@mason/test-utils';
import { meterModule, REMAINING_POINTS_EXPORT, WATCHDOG_TABLE_EXPORT, WATCHDOG_WORK_INTERVAL } from '../../src/wasm/meterModule.js';
import { parseModule } from '@mason/wasm';
import { armInstance, armWatchdog, checkDeadline, WallTimeExceeded } from '../../src/execution/watchdog.js';

const COST = 23n;
const MIB = 1024 * 1024;
const POINTS = 1_000_000_000n;

function instantiate(bytes: Uint8Array) {
  const metered = meterModule(parseModule(bytes), { operatorCost: COST, initialPoints: POINTS });
  const instance = new WebAssembly.Instance(new WebAssembly.Module(metered), {});
  armInstance(instance);
  const remaining = instance.exports[REMAINING_POINTS_EXPORT] as WebAssembly.Global;
  return { instance, used: () => POINTS - (remaining.value as bigint) };
}

// fill(n): memory.fill(0, 0xab, n)
const fillModule = buildWasm({
  memory: { min: 64, max: 64 },
  functions: [{ params: [I32], body: [0x41, 0, 0x41, 0xab, 0x01, 0x20, 0, 0xfc, 11, 0], export: 'fill' }],
});
// copy(n): memory.copy(n, 0, n)
const copyModule = buildWasm({
  memory: { min: 64, max: 64 },
  functions: [{ params: [I32], body: [0x20, 0, 0x41, 0, 0x20, 0, 0xfc, 10, 0, 0], export: 'copy' }],
});
// mixed(n): f64.div (canonicalized, two scratch locals) then memory.fill(0, 7, n) (one more), returns the float
const mixedModule = buildWasm({
  memory: { min: 64, max: 64 },
  functions: [
    {
      params: [I32],
      results: [0x7c],
      locals: [I64],
      body: [
        0x44,
        ...new Uint8Array(new Float64Array([1]).buffer),
        0x44,
        ...new Uint8Array(new Float64Array([4]).buffer),
        0xa3, // f64.div 1 / 4
        0x41,
        0,
        0x41,
        7,
        0x20,
        0,
        0xfc,
        11,
        0, // memory.fill(0, 7, n)
      ],
      export: 'mixed',
    },
  ],
});
// wide(): a function with 300 i64 locals, which the engine zeroes on every call
const wideModule = buildWasm({
  functions: [{ locals: Array<number>(300).fill(I64), body: [], export: 'wide' }],
});

let disarm: (() => void) | undefined;
afterEach(() => {
  disarm?.();
  disarm = undefined;
});

describe('wall-clock watchdog', () => {
  it('never fires when no budget is armed', () => {
    const { instance } = instantiate(fillModule);
    const fill = instance.exports.fill as (n: number) => void;
    for (let i = 0; i < 20; i++) fill(4 * MIB);
    expect(() => checkDeadline()).not.toThrow();
  });

  it('leaves the gas of bulk operators the node charges (one operator each)', () => {
    const { instance, used } = instantiate(fillModule);
    (instance.exports.fill as (n: number) => void)(4 * MIB);
    // i32.const, i32.const, local.get, memory.fill, end
    expect(used()).toBe(5n * COST);
  });

  it('stops a loop of 4 MiB memory.fill past its deadline, from inside wasm', () => {
    const { instance, used } = instantiate(fillModule);
    const fill = instance.exports.fill as (n: number) => void;
    disarm = armWatchdog(0);
    let calls = 0;
    const loop = () => {
      for (; calls < 1000; calls++) fill(4 * MIB);
    };
    expect(loop).toThrow(WallTimeExceeded);
    // The check runs once the work passes the interval, not on every operator.
    expect(BigInt(calls) * 4n * BigInt(MIB)).toBeGreaterThanOrEqual(WATCHDOG_WORK_INTERVAL);
    expect(calls).toBeLessThan(1000);
    expect(used()).toBe(BigInt(calls + 1) * 5n * COST);
  });

  it('checks memory.copy too, and keeps its result', () => {
    const { instance } = instantiate(copyModule);
    const memory = new Uint8Array((instance.exports.memory as WebAssembly.Memory).buffer);
    memory[0] = 7;
    (instance.exports.copy as (n: number) => void)(MIB);
    expect(memory[MIB]).toBe(7);
    disarm = armWatchdog(0);
    expect(() => {
      for (let i = 0; i < 100; i++) (instance.exports.copy as (n: number) => void)(2 * MIB);
    }).toThrow(WallTimeExceeded);
  });

  it('does not check before the interval: bulk work below it runs to the end', () => {
    const { instance } = instantiate(fillModule);
    disarm = armWatchdog(0);
    const fill = instance.exports.fill as (n: number) => void;
    expect(() => {
      for (let i = 0; i < 8; i++) fill(4 * MIB);
    }).not.toThrow();
  });

  it('counts the zeroed locals of wide functions as work', () => {
    const { instance } = instantiate(wideModule);
    disarm = armWatchdog(0);
    const wide = instance.exports.wide as () => void;
    const calls = Number(WATCHDOG_WORK_INTERVAL / 2400n) + 2;
    expect(() => {
      for (let i = 0; i < calls; i++) wide();
    }).toThrow(WallTimeExceeded);
  });

  it('restores the previous budget when an execution ends', () => {
    const outer = armWatchdog(0);
    const inner = armWatchdog(Number.POSITIVE_INFINITY);
    expect(() => checkDeadline()).not.toThrow();
    inner();
    expect(() => checkDeadline()).toThrow(WallTimeExceeded);
    outer();
    expect(() => checkDeadline()).not.toThrow();
  });

  it('keeps float canonicalization and bulk work apart in a function that has both', () => {
    const { instance } = instantiate(mixedModule);
    const memory = new Uint8Array((instance.exports.memory as WebAssembly.Memory).buffer);
    expect((instance.exports.mixed as (n: number) => number)(10)).toBe(0.25);
    expect(Array.from(memory.subarray(0, 11))).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0]);
    disarm = armWatchdog(0);
    expect(() => {
      for (let i = 0; i < 100; i++) (instance.exports.mixed as (n: number) => number)(4 * MIB);
    }).toThrow(WallTimeExceeded);
  });

  it('exports one table entry for the check, filled by armInstance', () => {
    const { instance } = instantiate(fillModule);
    expect((instance.exports[WATCHDOG_TABLE_EXPORT] as WebAssembly.Table).length).toBe(1);
  });
});
