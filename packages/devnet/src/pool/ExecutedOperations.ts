/**
 * Operations executed (or being executed) and not yet expired: a node refuses them again as
 * replays. Kept by expire period as well as by id, so that forgetting the expired ones at each
 * block looks at the few periods that passed, not at every operation (a burst of 2,000
 * operations made that scan ~2 % of the node's main thread).
 */
export class ExecutedOperations {
  readonly #expireOf = new Map<string, number>();
  readonly #byExpire = new Map<number, Set<string>>();

  get size(): number {
    return this.#expireOf.size;
  }

  has(id: string): boolean {
    return this.#expireOf.has(id);
  }

  add(id: string, expirePeriod: number): void {
    this.delete(id);
    this.#expireOf.set(id, expirePeriod);
    let ids = this.#byExpire.get(expirePeriod);
    if (!ids) this.#byExpire.set(expirePeriod, (ids = new Set()));
    ids.add(id);
  }

  delete(id: string): void {
    const expire = this.#expireOf.get(id);
    if (expire === undefined) return;
    this.#expireOf.delete(id);
    const ids = this.#byExpire.get(expire)!;
    ids.delete(id);
    if (ids.size === 0) this.#byExpire.delete(expire);
  }

  /** Forgets the operations whose expire period is before `period`. */
  forgetExpiredBefore(period: number): void {
    for (const [expire, ids] of this.#byExpire) {
      if (expire >= period) continue;
      for (const id of ids) this.#expireOf.delete(id);
      this.#byExpire.delete(expire);
    }
  }
}
