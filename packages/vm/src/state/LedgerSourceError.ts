/**
 * A ledger's source (fork mode's remote node) could not give an entry: the read fails. An execution
 * that needs the entry fails with the source's reason (`cause`); the ledger stays as it was, and
 * the next use of the address asks the source again.
 */
export class LedgerSourceError extends Error {
  constructor(
    readonly address: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'LedgerSourceError';
  }
}
