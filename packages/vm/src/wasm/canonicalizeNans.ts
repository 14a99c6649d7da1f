import { WasmWriter } from '@mason/wasm';

/**
 * NaN canonicalization, as the node's wasmer compilers do it (`canonicalize_nans(true)`):
 * every float operation that can produce a NaN yields the canonical one (f32 0x7fc00000,
 * f64 0x7ff8000000000000), so results do not depend on the CPU (x86's default NaN has the sign
 * bit set) or on the payload of an input NaN. The operations are Cranelift's `is_fp_arith`:
 * add, sub, mul, div, min, max, sqrt, ceil, floor, trunc, nearest, demote and promote. abs, neg
 * and copysign only move the sign bit; loads, stores, constants and reinterpretations copy bits:
 * none of them is changed.
 */

export const F32 = 0x7d;
export const F64 = 0x7c;

/** Result type of the opcodes whose result is canonicalized. */
export const NAN_PRODUCING: ReadonlyMap<number, typeof F32 | typeof F64> = new Map<number, typeof F32 | typeof F64>([
  // f32: ceil floor trunc nearest sqrt add sub mul div min max
  ...[0x8d, 0x8e, 0x8f, 0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97].map((op) => [op, F32] as const),
  // f64: ceil floor trunc nearest sqrt add sub mul div min max
  ...[0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5].map((op) => [op, F64] as const),
  [0xb6, F32], // f32.demote_f64
  [0xbb, F64], // f64.promote_f32
]);

const CANONICAL_F32 = Uint8Array.of(0x00, 0x00, 0xc0, 0x7f);
const CANONICAL_F64 = Uint8Array.of(0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0x7f);

/**
 * Replaces the float on top of the stack by the canonical NaN if it is a NaN, using a scratch
 * local of its type: `local.tee s; const NaN; local.get s; local.get s; eq; select` (x == x is
 * false only for a NaN, and select is bit-exact). These instructions are not metered: wasmer
 * canonicalizes in its code generator, after the metering middleware counted the operators.
 */
export function canonicalizeCode(type: typeof F32 | typeof F64, scratchLocal: number): Uint8Array {
  const out = new WasmWriter().byte(0x22).u32(scratchLocal);
  if (type === F32) out.byte(0x43).bytes(CANONICAL_F32);
  else out.byte(0x44).bytes(CANONICAL_F64);
  out.byte(0x20).u32(scratchLocal).byte(0x20).u32(scratchLocal);
  out.byte(type === F32 ? 0x5b : 0x61); // f32.eq / f64.eq
  return out.byte(0x1b).toBytes(); // select
}
