import { describe, expect, it } from 'vitest';
import { buildWasm, F64, I32, I64 } from '@mason/test-utils';
import { meterModule, REMAINING_POINTS_EXPORT } from '../../src/wasm/meterModule.js';
import { parseModule } from '@mason/wasm';

const CANONICAL_F64 = 0x7ff8000000000000n;
const CANONICAL_F32 = 0x7fc00000;
const f64Const = (value: number) => [0x44, ...new Uint8Array(Float64Array.of(value).buffer)];
const bits64 = (value: bigint) => BigInt.asUintN(64, value);
const bits32 = (value: number) => value >>> 0;

// i64 bits → f64 (reinterpret) op … → i64 bits, so NaN payloads are visible to the test.
const viaBits64 = (ops: number[]) => [0x20, 0, 0xbf, ...ops, 0xbd];
const viaBits32 = (ops: number[]) => [0x20, 0, 0xbe, ...ops, 0xbc];

const functions = [
  { params: [F64, F64], results: [I64], body: [0x20, 0, 0x20, 1, 0xa3, 0xbd], export: 'div' }, // a / b
  { params: [I64], results: [I64], body: viaBits64([...f64Const(1), 0xa0]), export: 'addOne' }, // x + 1
  { params: [I64], results: [I64], body: viaBits64([0x9f]), export: 'sqrt' },
  { params: [I64], results: [I64], body: viaBits64([0x9a]), export: 'neg' }, // sign bit only: untouched
  { params: [I64], results: [I64], body: viaBits64([...f64Const(2), 0xa4]), export: 'min' },
  { params: [I32], results: [I32], body: viaBits32([0xbb, 0xb6]), export: 'promoteDemote' }, // f32 → f64 → f32
  { params: [I32], results: [I32], body: viaBits32([0x91]), export: 'sqrt32' },
  // a function with its own locals: the scratch locals come after them
  { params: [F64], results: [F64], locals: [I32, F64], body: [0x20, 0, 0x21, 2, 0x20, 2, 0x20, 2, 0xa2], export: 'square' },
];

function instances() {
  const bytes = buildWasm({ functions });
  const raw = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as Record<string, (...args: never[]) => unknown>;
  const metered = new WebAssembly.Instance(new WebAssembly.Module(meterModule(parseModule(bytes), { operatorCost: 23n, initialPoints: 1_000_000n })));
  return {
    raw,
    canonical: metered.exports as Record<string, (...args: never[]) => unknown>,
    remaining: metered.exports[REMAINING_POINTS_EXPORT] as WebAssembly.Global,
  };
}

describe('NaN canonicalization (the node compiles with canonicalize_nans)', () => {
  it('gives the canonical NaN for any NaN an arithmetic operation produces', () => {
    const { raw, canonical } = instances();
    const payload = 0x7ff0000000000001n; // a signaling NaN with a payload
    // Without canonicalization the payload leaks through the addition (quieted): what stored state would see.
    expect(bits64((raw.addOne as (x: bigint) => bigint)(payload))).toBe(0x7ff8000000000001n);
    expect(bits64((canonical.addOne as (x: bigint) => bigint)(payload))).toBe(CANONICAL_F64);
    expect(bits64((canonical.addOne as (x: bigint) => bigint)(0xfff8000000000abcn))).toBe(CANONICAL_F64);
    expect(bits64((canonical.div as (a: number, b: number) => bigint)(0, 0))).toBe(CANONICAL_F64);
    expect(bits64((canonical.sqrt as (x: bigint) => bigint)(bits64(BigInt.asIntN(64, 0xbff0000000000000n))))).toBe(CANONICAL_F64); // sqrt(-1)
    expect(bits64((canonical.min as (x: bigint) => bigint)(payload))).toBe(CANONICAL_F64);
    expect(bits32((canonical.promoteDemote as (x: number) => number)(0x7f800001 | 0))).toBe(CANONICAL_F32);
    expect(bits32((canonical.sqrt32 as (x: number) => number)(0xbf800000 | 0))).toBe(CANONICAL_F32); // sqrt(-1f)
    expect((canonical.square as (x: number) => number)(Number.NaN)).toBeNaN();
  });

  it('leaves numbers, and operations that only move bits, as they are', () => {
    const { raw, canonical } = instances();
    expect((canonical.div as (a: number, b: number) => bigint)(7.5, 2)).toBe((raw.div as (a: number, b: number) => bigint)(7.5, 2));
    expect((canonical.square as (x: number) => number)(-3)).toBe(9);
    expect(bits64((canonical.div as (a: number, b: number) => bigint)(1, 0))).toBe(0x7ff0000000000000n); // +Infinity is not a NaN
    // neg flips the sign bit of a NaN and keeps its payload, as wasmer does
    expect(bits64((canonical.neg as (x: bigint) => bigint)(0x7ff0000000000001n))).toBe(0xfff0000000000001n);
  });

  it('does not meter the canonicalization: gas counts the contract operators only', () => {
    const { canonical, remaining } = instances();
    (canonical.addOne as (x: bigint) => bigint)(1n);
    // local.get, f64.reinterpret_i64, f64.const, f64.add, i64.reinterpret_f64, end
    expect(1_000_000n - (remaining.value as bigint)).toBe(6n * 23n);
  });
});
