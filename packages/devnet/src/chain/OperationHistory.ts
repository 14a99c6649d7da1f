/** One page of the history, newest first. */
export interface HistoryPage {
  ids: string[];
  /** The id to pass as `before` for the next (older) page; null when this page reaches the first operation. */
  next: string | null;
}

/**
 * Every operation id the node was sent, in arrival order, for paging back through the whole
 * history newest first (`mason_list_operations`): O(1) to append, O(page) to read from a cursor.
 * Ids are never removed; an operation the node forgot is skipped when read (`isKnown`).
 */
export class OperationHistory {
  readonly #ids: string[] = [];
  readonly #position = new Map<string, number>();

  /** Records an operation the first time it is seen. */
  append(id: string): void {
    if (this.#position.has(id)) return;
    this.#position.set(id, this.#ids.length);
    this.#ids.push(id);
  }

  get length(): number {
    return this.#ids.length;
  }

  /** Forgets the ids recorded after the first `length` (a revert to a snapshot); returns them, oldest first. */
  truncate(length: number): string[] {
    const removed = this.#ids.splice(length);
    for (const id of removed) this.#position.delete(id);
    return removed;
  }

  /** Whether `id` was ever recorded (a cursor the history knows). */
  has(id: string): boolean {
    return this.#position.has(id);
  }

  /** Up to `limit` known operations older than `before` (or the newest ones), newest first. */
  page(limit: number, before: string | null, isKnown: (id: string) => boolean): HistoryPage {
    let index = before === null ? this.#ids.length - 1 : this.#position.get(before)! - 1;
    const ids: string[] = [];
    for (; index >= 0 && ids.length < limit; index--) {
      const id = this.#ids[index]!;
      if (isKnown(id)) ids.push(id);
    }
    while (index >= 0 && !isKnown(this.#ids[index]!)) index--;
    return { ids, next: index >= 0 && ids.length > 0 ? ids[ids.length - 1]! : null };
  }
}
