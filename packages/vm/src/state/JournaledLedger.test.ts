import { describe, expect, it } from 'vitest';
import { JournaledLedger } from './JournaledLedger.js';
import { MemoryLedger } from './MemoryLedger.js';
import { toKey } from './bytesKey.js';

const A = 'AU1a';
const b = (...bytes: number[]) => Uint8Array.from(bytes);

describe('MemoryLedger', () => {
  it('lists keys by byte prefix in byte order (prefix [1,2] does not match [1,23])', () => {
    const ledger = new MemoryLedger({
      [A]: {
        datastore: [
          [b(1, 23), b(0)],
          [b(1, 2, 3), b(0)],
          [b(1, 2), b(0)],
          [b(255), b(0)],
          [b(1, 2, 0), b(0)],
        ],
      },
    });
    expect(ledger.getDataKeys(A, b(1, 2))).toEqual([b(1, 2), b(1, 2, 0), b(1, 2, 3)]);
    expect(ledger.getDataKeys(A, b())).toEqual([b(1, 2), b(1, 2, 0), b(1, 2, 3), b(1, 23), b(255)]);
  });
});

describe('JournaledLedger', () => {
  it('reads through to the base and never writes it', () => {
    const base = new MemoryLedger({ [A]: { balance: 10n, datastore: [[b(1), b(9)]] } });
    const journal = new JournaledLedger(base);
    journal.setBalance(A, 5n);
    journal.setDataEntry(A, b(1), null);
    journal.setDataEntry(A, b(2), b(7));
    expect(journal.getBalance(A)).toBe(5n);
    expect(journal.getDataEntry(A, b(1))).toBeUndefined();
    expect(journal.getDataKeys(A, b())).toEqual([b(2)]);
    expect(base.getBalance(A)).toBe(10n);
    expect(base.getDataKeys(A, b())).toEqual([b(1)]);
  });

  it('rolls back to nested checkpoints, including entry creation', () => {
    const journal = new JournaledLedger(new MemoryLedger({ [A]: { balance: 10n } }));
    const outer = journal.checkpoint();
    journal.setBalance(A, 1n);
    journal.setBalance('AS1new', 3n);
    const inner = journal.checkpoint();
    journal.createEntry('AS1new');
    journal.setDataEntry('AS1new', b(1), b(1));
    expect(journal.hasEntry('AS1new')).toBe(true);
    journal.rollback(inner);
    expect(journal.hasEntry('AS1new')).toBe(false);
    expect(journal.getBalance('AS1new')).toBe(3n);
    journal.rollback(outer);
    expect(journal.getBalance(A)).toBe(10n);
    expect(journal.changes().size).toBe(0);
  });

  it('reports net changes: created entries as set, others as updates', () => {
    const journal = new JournaledLedger(new MemoryLedger({ [A]: { balance: 10n, datastore: [[b(1), b(1)]] } }));
    journal.createEntry('AS1x');
    journal.setBytecode('AS1x', b(0, 1, 2));
    journal.setDataEntry('AS1x', b(5), b(6));
    journal.setDataEntry(A, b(1), null);
    const changes = journal.changes();
    expect(changes.get('AS1x')).toEqual({ kind: 'set', balance: 0n, bytecode: b(0, 1, 2), datastore: new Map([[toKey(b(5)), b(6)]]) });
    expect(changes.get(A)).toEqual({ kind: 'update', datastore: new Map([[toKey(b(1)), null]]) });
    const base = new MemoryLedger({ [A]: { balance: 10n, datastore: [[b(1), b(1)]] } });
    base.applyChanges(changes);
    expect(base.getBytecode('AS1x')).toEqual(b(0, 1, 2));
    expect(base.getDataKeys(A, b())).toEqual([]);
  });
});
