import { Args } from '@mason/sdk';

// For the explorer's decoded-call test: two arguments in, one value out.

export function constructor(_: StaticArray<u8>): void {}

export function measure(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const label = args.mustNext<string>('label');
  const times = args.mustNext<u64>('times');
  return new Args().add<u64>(<u64>label.length * times).serialize();
}
