/**
 * The outcome of an operation that can fail without aborting, e.g. `Args.next<T>()`.
 * `error` is null on success.
 */
export class Result<T> {
  constructor(
    private value: T,
    public error: string | null = null,
  ) {}

  @inline
  isOk(): bool {
    return this.error === null;
  }

  @inline
  isErr(): bool {
    return this.error !== null;
  }

  /** The value; aborts with the error message on failure. */
  unwrap(): T {
    // `throw` passes file and line to env.abort; a node cannot read abort's message without them.
    if (this.error !== null) throw new Error(this.error!);
    return this.value;
  }

  /** The value; aborts with `"<message>: <error>"` on failure. */
  expect(message: string): T {
    if (this.error !== null) throw new Error(message + ': ' + this.error!);
    return this.value;
  }

  /** The value even on failure, where it is the type's default (0, false, "" or an empty array). */
  unwrapOrDefault(): T {
    return this.value;
  }

  unwrapOr(fallback: T): T {
    return this.error === null ? this.value : fallback;
  }
}
