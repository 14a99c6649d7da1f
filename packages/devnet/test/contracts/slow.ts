// Contracts whose wall time per gas is the worst the VM allows: a real node spends minutes in them
// at max gas; the devnet's watchdog stops them.
import { Storage, blake3, generateEvent } from '@mason/sdk';

export function constructor(_: StaticArray<u8>): void {}

/** memory.fill of the whole 4 MiB memory (one operator, 23 gas) in a loop. */
export function fillForever(_: StaticArray<u8>): void {
  generateEvent('filling');
  const pages = memory.size();
  if (pages < 64) memory.grow(64 - pages);
  while (true) memory.fill(0, 0, 64 << 16);
}

/** blake3 of a 3 MB buffer (one ABI call, 1050 gas) in a loop, after a storage write. */
export function hashForever(_: StaticArray<u8>): void {
  Storage.set('touched', 'hashForever');
  const data = new StaticArray<u8>(3_000_000);
  while (true) blake3(data);
}

export function ping(_: StaticArray<u8>): StaticArray<u8> {
  return [1, 2, 3];
}

const MEMO: StaticArray<u8> = [0x6d, 0x65, 0x6d, 0x6f];

/** Keeps its argument in storage, for read-only calls to find. */
export function remember(arg: StaticArray<u8>): void {
  Storage.set(MEMO, arg);
}

export function recall(_: StaticArray<u8>): StaticArray<u8> {
  return Storage.has(MEMO) ? Storage.get(MEMO) : [];
}
