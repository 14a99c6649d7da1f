/**
 * The writes made to a ledger since the last `take()`: the changes in order (a devnet block's
 * change set) and how to undo each, so a failed operation rolls back to a checkpoint. A
 * MemoryLedger given a journal records every `write` in it.
 */
export class LedgerJournal<Change> {
  #changes: Change[] = [];
  #undo: Array<() => void> = [];

  record(change: Change, undo: () => void): void {
    this.#changes.push(change);
    this.#undo.push(undo);
  }

  /** The changes written since the last take, in order. */
  get pending(): readonly Change[] {
    return this.#changes;
  }

  checkpoint(): number {
    return this.#changes.length;
  }

  /** Undoes, latest first, every write made since `mark` and forgets it. */
  rollback(mark: number): void {
    while (this.#undo.length > mark) this.#undo.pop()!();
    this.#changes.length = mark;
  }

  /** The changes written since the last take, in order; clears the journal. */
  take(): Change[] {
    const changes = this.#changes;
    this.#changes = [];
    this.#undo = [];
    return changes;
  }
}
