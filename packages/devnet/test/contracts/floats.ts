// Float results stored as their IEEE-754 bits: the node canonicalizes NaNs, so state never holds a NaN payload.
import { Args, Storage, u64ToBytes } from '@mason/sdk';

export function constructor(_: StaticArray<u8>): void {}

/** a and b are given as the bits of two f64; stores the bits of a / b and of a + 1. */
export function compute(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const a = reinterpret<f64>(args.mustNext<u64>('a'));
  const b = reinterpret<f64>(args.mustNext<u64>('b'));
  Storage.set('quotient', u64ToBytes(reinterpret<u64>(a / b)));
  Storage.set('sum', u64ToBytes(reinterpret<u64>(a + 1.0)));
}
