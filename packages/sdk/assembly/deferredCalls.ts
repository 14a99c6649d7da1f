import { Address } from './Address';
import { Slot } from './Slot';
import * as env from './env/index';

/** Price in nanoMAS of booking `maxGas` at `slot`; 0 means the slot cannot take the call. */
export function deferredCallQuote(slot: Slot, maxGas: u64, paramsSize: u64 = 0): u64 {
  return env.getDeferredCallQuote(slot.period, slot.thread, maxGas, paramsSize);
}

/**
 * Books a call of `functionName` on `target` at `slot`, paying the quote plus `coins` from the
 * current contract. Returns the call id (`D…`).
 */
export function deferredCallRegister(
  target: Address,
  functionName: string,
  slot: Slot,
  maxGas: u64,
  params: StaticArray<u8> = new StaticArray<u8>(0),
  coins: u64 = 0,
): string {
  return env.deferredCallRegister(target.toString(), functionName, slot.period, slot.thread, maxGas, params, coins);
}

export function deferredCallExists(id: string): bool {
  return env.deferredCallExists(id);
}

/** Cancels a call registered by the current contract; the booking is refunded. */
export function deferredCallCancel(id: string): void {
  env.deferredCallCancel(id);
}

/** The cheapest slot that can take the call in periods `startPeriod..endPeriod` (all 32 threads), or null. */
export function findCheapestSlot(startPeriod: u64, endPeriod: u64, maxGas: u64, paramsSize: u64 = 0): Slot | null {
  let best: Slot | null = null;
  let bestPrice: u64 = 0;
  for (let period = startPeriod; period <= endPeriod; period++) {
    for (let thread: u8 = 0; thread < 32; thread++) {
      const slot = new Slot(period, thread);
      const price = deferredCallQuote(slot, maxGas, paramsSize);
      if (price != 0 && (best === null || price < bestPrice)) {
        best = slot;
        bestPrice = price;
      }
    }
  }
  return best;
}
