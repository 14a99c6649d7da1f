/**
 * One write to a ledger entry, absolute (the value after the write), so a list of writes replays
 * on another copy of the ledger with the same result. A null bytecode or datastore value removes it.
 */
export type LedgerWrite =
  | { kind: 'balance'; address: string; value: bigint }
  | { kind: 'bytecode'; address: string; value: Uint8Array | null }
  | { kind: 'data'; address: string; key: Uint8Array; value: Uint8Array | null }
  | { kind: 'create'; address: string };
