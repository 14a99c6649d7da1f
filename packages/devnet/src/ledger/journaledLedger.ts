import type { LedgerChange, LedgerState } from './ledgerState.js';

type Undo = LedgerChange | { kind: 'remove'; address: string };

/**
 * Writes to a LedgerState while recording (a) the absolute changes, which become a block's
 * change set, and (b) how to undo each one, so a failed operation rolls back to a checkpoint.
 */
export class JournaledLedger {
  #changes: LedgerChange[] = [];
  #undo: Undo[] = [];

  constructor(readonly state: LedgerState) {}

  write(change: LedgerChange): void {
    this.#undo.push(this.#inverse(change));
    this.state.apply(change);
    this.#changes.push(change);
  }

  /** The changes written since the last take, in order. */
  get pending(): readonly LedgerChange[] {
    return this.#changes;
  }

  checkpoint(): { undo: number; changes: number } {
    return { undo: this.#undo.length, changes: this.#changes.length };
  }

  rollback(mark: { undo: number; changes: number }): void {
    while (this.#undo.length > mark.undo) {
      const undo = this.#undo.pop()!;
      if (undo.kind === 'remove') this.state.entries.delete(undo.address);
      else this.state.apply(undo);
    }
    this.#changes.length = mark.changes;
  }

  /** The changes written since the last take, in order; clears the journal. */
  take(): LedgerChange[] {
    const changes = this.#changes;
    this.#changes = [];
    this.#undo = [];
    return changes;
  }

  #inverse(change: LedgerChange): Undo {
    const { state } = this;
    switch (change.kind) {
      case 'create':
        return state.has(change.address) ? change : { kind: 'remove', address: change.address };
      case 'balance':
        return state.has(change.address)
          ? { kind: 'balance', address: change.address, value: state.balance(change.address) }
          : { kind: 'remove', address: change.address };
      case 'bytecode': {
        if (!state.has(change.address)) return { kind: 'remove', address: change.address };
        return { kind: 'bytecode', address: change.address, value: state.bytecode(change.address) };
      }
      case 'data':
        if (!state.has(change.address)) return { kind: 'remove', address: change.address };
        return { kind: 'data', address: change.address, key: change.key, value: state.getData(change.address, change.key) };
      case 'rolls':
        return { kind: 'rolls', address: change.address, value: state.rollCount(change.address) };
      case 'deferred': {
        const value = state.deferredCredits.get(change.address)?.get(`${change.period}:${change.thread}`) ?? 0n;
        return { ...change, value };
      }
      case 'asyncMessage':
        return { kind: 'asyncMessage', id: change.id, value: state.asyncPool.get(change.id) ?? null };
    }
  }
}
