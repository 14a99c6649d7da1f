// Runs out of whatever gas it is given.

export function constructor(_: StaticArray<u8>): void {}

export function spin(_: StaticArray<u8>): void {
  let i: u64 = 0;
  while (true) i++;
}
