/**
 * A small map that forgets everything when full: base58check decoding is costly and the same
 * addresses and keys come back constantly (a node sees the same senders and contracts), while a
 * bound keeps memory flat when they do not.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(private readonly limit = 10_000) {}

  get(key: K, make: (key: K) => V): V {
    let value = this.#entries.get(key);
    if (value === undefined) {
      value = make(key);
      if (this.#entries.size >= this.limit) this.#entries.clear();
      this.#entries.set(key, value);
    }
    return value;
  }
}
