import type { Slot } from '@mason/codec';
import type { DeferredCall, DeferredCallReader, DeferredCallWrite } from './DeferredCall.js';
import { slotKey, sortDeferredCallIds } from './slotKey.js';

const writeKey = (write: DeferredCallWrite): string => {
  switch (write.kind) {
    case 'deferredCall':
      return `c ${write.id}`;
    case 'deferredSlotGas':
      return `g ${slotKey(write.slot)}`;
    case 'deferredBaseFee':
      return `f ${slotKey(write.slot)}`;
    case 'deferredTotalGas':
      return 't';
  }
};

/**
 * One execution's changes to a deferred-call registry it only reads (the node's
 * `SpeculativeDeferredCallRegistry`), with an undo journal like the speculative ledger's:
 * `checkpoint()` marks a point, `rollback(mark)` undoes every write made after it, so a failed
 * execution leaves nothing. The net writes are read with `writes()`.
 */
export class SpeculativeDeferredCalls implements DeferredCallReader {
  readonly #overlay = new Map<string, DeferredCallWrite>();
  readonly #journal: Array<() => void> = [];

  constructor(readonly base: DeferredCallReader) {}

  checkpoint(): number {
    return this.#journal.length;
  }

  rollback(mark: number): void {
    while (this.#journal.length > mark) this.#journal.pop()!();
  }

  write(write: DeferredCallWrite): void {
    const key = writeKey(write);
    const had = this.#overlay.has(key);
    const previous = this.#overlay.get(key);
    this.#overlay.set(key, write);
    this.#journal.push(() => {
      if (had) this.#overlay.set(key, previous!);
      else this.#overlay.delete(key);
    });
  }

  getDeferredCall(id: string): DeferredCall | undefined {
    const write = this.#overlay.get(`c ${id}`);
    if (write?.kind === 'deferredCall') return write.value ?? undefined;
    return this.base.getDeferredCall(id);
  }

  deferredCallIds(slot: Slot): string[] {
    const ids = new Set(this.base.deferredCallIds(slot));
    const key = slotKey(slot);
    for (const write of this.#overlay.values()) {
      if (write.kind !== 'deferredCall' || slotKey(write.slot) !== key) continue;
      if (write.value === null) ids.delete(write.id);
      else ids.add(write.id);
    }
    return sortDeferredCallIds(ids);
  }

  deferredSlotGas(slot: Slot): bigint {
    const write = this.#overlay.get(`g ${slotKey(slot)}`);
    return write?.kind === 'deferredSlotGas' ? write.value : this.base.deferredSlotGas(slot);
  }

  deferredSlotBaseFee(slot: Slot): bigint {
    const write = this.#overlay.get(`f ${slotKey(slot)}`);
    return write?.kind === 'deferredBaseFee' ? write.value : this.base.deferredSlotBaseFee(slot);
  }

  deferredTotalGas(): bigint {
    const write = this.#overlay.get('t');
    return write?.kind === 'deferredTotalGas' ? write.value : this.base.deferredTotalGas();
  }

  /** Target slots with registered calls, earliest first (the base's when it can list them). */
  slotsWithCalls(): Slot[] {
    const base = (this.base as { slotsWithCalls?: () => Slot[] }).slotsWithCalls?.() ?? [];
    const slots = new Map(base.map((slot) => [slotKey(slot), slot]));
    for (const write of this.#overlay.values()) if (write.kind === 'deferredCall' && write.value !== null) slots.set(slotKey(write.slot), write.slot);
    return [...slots.values()].filter((slot) => this.deferredCallIds(slot).length > 0).sort((a, b) => a.period - b.period || a.thread - b.thread);
  }

  /** The net writes to the base registry, in first-write order. */
  writes(): DeferredCallWrite[] {
    return [...this.#overlay.values()];
  }

  /** Whether anything was written. */
  get changed(): boolean {
    return this.#overlay.size > 0;
  }
}
