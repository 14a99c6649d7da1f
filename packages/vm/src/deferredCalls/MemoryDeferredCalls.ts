import type { Slot } from '@mason/codec';
import type { DeferredCall, DeferredCallState, DeferredCallWrite } from './DeferredCall.js';
import { slotKey, sortDeferredCallIds } from './slotKey.js';

/**
 * A deferred-call registry in memory: calls by id and by target slot, the gas booked per slot and
 * in total, and the base fee of each opened slot. The registry of unit tests, and what the
 * devnet's ledgers keep. Writes are absolute (`apply`).
 */
export class MemoryDeferredCalls implements DeferredCallState {
  readonly #calls = new Map<string, DeferredCall>();
  readonly #bySlot = new Map<string, Set<string>>();
  readonly #slotGas = new Map<string, bigint>();
  readonly #baseFee = new Map<string, bigint>();
  #totalGas = 0n;

  get size(): number {
    return this.#calls.size;
  }

  getDeferredCall(id: string): DeferredCall | undefined {
    return this.#calls.get(id);
  }

  deferredCallIds(slot: Slot): string[] {
    const ids = this.#bySlot.get(slotKey(slot));
    return ids ? sortDeferredCallIds(ids) : [];
  }

  deferredSlotGas(slot: Slot): bigint {
    return this.#slotGas.get(slotKey(slot)) ?? 0n;
  }

  deferredSlotBaseFee(slot: Slot): bigint {
    return this.#baseFee.get(slotKey(slot)) ?? 0n;
  }

  deferredTotalGas(): bigint {
    return this.#totalGas;
  }

  /** Every registered call (cancelled ones until their slot), by id. */
  calls(): IterableIterator<[string, DeferredCall]> {
    return this.#calls.entries();
  }

  /** Target slots with registered calls, unordered. */
  slotsWithCalls(): Slot[] {
    return [...this.#bySlot.keys()].map((key) => {
      const [period, thread] = key.split(':').map(Number) as [number, number];
      return { period, thread };
    });
  }

  /** The earliest target slot with a registered call, or undefined. */
  earliestSlot(): Slot | undefined {
    let best: Slot | undefined;
    for (const call of this.#calls.values()) {
      const slot = call.targetSlot;
      if (!best || slot.period < best.period || (slot.period === best.period && slot.thread < best.thread)) best = slot;
    }
    return best;
  }

  apply(write: DeferredCallWrite): void {
    switch (write.kind) {
      case 'deferredCall': {
        const key = slotKey(write.slot);
        if (write.value === null) {
          this.#calls.delete(write.id);
          const ids = this.#bySlot.get(key);
          ids?.delete(write.id);
          if (ids?.size === 0) this.#bySlot.delete(key);
        } else {
          this.#calls.set(write.id, write.value);
          let ids = this.#bySlot.get(key);
          if (!ids) this.#bySlot.set(key, (ids = new Set()));
          ids.add(write.id);
        }
        return;
      }
      case 'deferredSlotGas':
        if (write.value === 0n) this.#slotGas.delete(slotKey(write.slot));
        else this.#slotGas.set(slotKey(write.slot), write.value);
        return;
      case 'deferredBaseFee':
        if (write.value === 0n) this.#baseFee.delete(slotKey(write.slot));
        else this.#baseFee.set(slotKey(write.slot), write.value);
        return;
      case 'deferredTotalGas':
        this.#totalGas = write.value;
        return;
    }
  }

  /** The write that undoes `write` (the value before it), for journals. */
  previousOf(write: DeferredCallWrite): DeferredCallWrite {
    switch (write.kind) {
      case 'deferredCall':
        return { ...write, value: this.#calls.get(write.id) ?? null };
      case 'deferredSlotGas':
        return { ...write, value: this.deferredSlotGas(write.slot) };
      case 'deferredBaseFee':
        return { ...write, value: this.deferredSlotBaseFee(write.slot) };
      case 'deferredTotalGas':
        return { ...write, value: this.#totalGas };
    }
  }

  /** Writes that build this registry from nothing (to copy it into another one). */
  snapshot(): DeferredCallWrite[] {
    const slotOf = (key: string) => {
      const [period, thread] = key.split(':').map(Number) as [number, number];
      return { period, thread };
    };
    const writes: DeferredCallWrite[] = [];
    for (const [id, call] of this.#calls) writes.push({ kind: 'deferredCall', id, slot: call.targetSlot, value: call });
    for (const [key, value] of this.#slotGas) writes.push({ kind: 'deferredSlotGas', slot: slotOf(key), value });
    for (const [key, value] of this.#baseFee) writes.push({ kind: 'deferredBaseFee', slot: slotOf(key), value });
    if (this.#totalGas !== 0n) writes.push({ kind: 'deferredTotalGas', value: this.#totalGas });
    return writes;
  }

  applyDeferredCallWrites(writes: readonly DeferredCallWrite[]): void {
    for (const write of writes) this.apply(write);
  }
}
