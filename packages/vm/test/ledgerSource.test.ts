import { describe, expect, it } from 'vitest';
import { LedgerJournal, type LedgerSource, LedgerSourceError, type LedgerWrite, MemoryLedger, type MemoryLedgerEntryInit } from '../src/index.js';

const b = (...bytes: number[]) => Uint8Array.from(bytes);
const REMOTE = 'AS1remote';

/** A source that counts its reads: the remote node of fork mode, in memory. */
function countingSource(entries: Record<string, MemoryLedgerEntryInit>) {
  const reads: string[] = [];
  const source: LedgerSource = {
    load(address) {
      reads.push(address);
      return entries[address];
    },
  };
  return { source, reads };
}

const remoteEntry = (): MemoryLedgerEntryInit => ({
  balance: 50n,
  bytecode: b(0, 97, 115, 109),
  datastore: [
    [b(1), b(10)],
    [b(2), b(20)],
    [b(3), b(30)],
  ],
});

describe('MemoryLedger over a source (fork mode)', () => {
  it('reads an absent address from the source once, then from memory; an address the source lacks is asked once', () => {
    const { source, reads } = countingSource({ [REMOTE]: remoteEntry() });
    const ledger = new MemoryLedger(undefined, { source });
    expect(ledger.getBalance(REMOTE)).toBe(50n);
    expect(ledger.getBytecode(REMOTE)).toEqual(b(0, 97, 115, 109));
    expect(ledger.getDataEntry(REMOTE, b(2))).toEqual(b(20));
    expect(ledger.hasEntry('AU1nobody')).toBe(false);
    expect(ledger.getBalance('AU1nobody')).toBeUndefined();
    expect(reads).toEqual([REMOTE, 'AU1nobody']);
  });

  it('local writes override the source, deletions included, and key listings merge both', () => {
    const { source } = countingSource({ [REMOTE]: remoteEntry() });
    const ledger = new MemoryLedger(undefined, { source });
    ledger.apply({ kind: 'data', address: REMOTE, key: b(2), value: null });
    ledger.apply({ kind: 'data', address: REMOTE, key: b(4), value: b(40) });
    ledger.apply({ kind: 'data', address: REMOTE, key: b(1), value: b(11) });
    expect(ledger.getDataKeys(REMOTE, b())).toEqual([b(1), b(3), b(4)]);
    expect(ledger.getDataEntry(REMOTE, b(2))).toBeUndefined();
    expect(ledger.getDataEntry(REMOTE, b(1))).toEqual(b(11));
    // The write was the first use: the rest of the entry came from the source.
    expect(ledger.getBalance(REMOTE)).toBe(50n);
    expect(ledger.getBytecode(REMOTE)).toEqual(b(0, 97, 115, 109));
  });

  it('rolls a journaled write on a source entry back to the source values, not to "no entry"', () => {
    const { source } = countingSource({ [REMOTE]: remoteEntry() });
    const journal = new LedgerJournal<LedgerWrite>();
    const ledger = new MemoryLedger(undefined, { journal, source });
    const mark = journal.checkpoint();
    ledger.write({ kind: 'balance', address: REMOTE, value: 1n });
    ledger.write({ kind: 'data', address: REMOTE, key: b(3), value: null });
    journal.rollback(mark);
    expect(ledger.getBalance(REMOTE)).toBe(50n);
    expect(ledger.getDataKeys(REMOTE, b())).toEqual([b(1), b(2), b(3)]);
  });

  it('an entry created here (a snapshot, a new address) is whole: the source is not asked for it', () => {
    const { source, reads } = countingSource({ [REMOTE]: remoteEntry() });
    const ledger = new MemoryLedger(undefined, { source });
    ledger.apply({ kind: 'create', address: REMOTE });
    ledger.apply({ kind: 'balance', address: REMOTE, value: 7n });
    expect(ledger.getDataKeys(REMOTE, b())).toEqual([]);
    expect(ledger.getBalance(REMOTE)).toBe(7n);
    expect(reads).toEqual([]);
  });

  it('a source that fails throws LedgerSourceError with its reason, keeps nothing, and is asked again at the next use', () => {
    let up = false;
    const source: LedgerSource = {
      load() {
        if (!up) throw new Error('connection refused');
        return remoteEntry();
      },
    };
    const ledger = new MemoryLedger(undefined, { source });
    expect(() => ledger.getBalance(REMOTE)).toThrow(LedgerSourceError);
    expect(() => ledger.hasEntry(REMOTE)).toThrow(expect.objectContaining({ message: 'connection refused', address: REMOTE }));
    expect(ledger.addresses()).toEqual([]);
    up = true;
    expect(ledger.getBalance(REMOTE)).toBe(50n);
  });
});
