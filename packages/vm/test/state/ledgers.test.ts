import { describe, expect, it } from 'vitest';
import { LedgerJournal } from '../../src/state/LedgerJournal.js';
import type { LedgerWrite } from '../../src/state/LedgerWrite.js';
import { MemoryLedger } from '../../src/state/MemoryLedger.js';
import { SpeculativeLedger } from '../../src/state/SpeculativeLedger.js';
import { toKey } from '../../src/state/bytesKey.js';

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
    expect(ledger.getDataKeys(A, b(255, 0))).toEqual([]);
    expect(ledger.getDataKeys('AU1none', b())).toEqual([]);
  });

  it('journals its writes in order and rolls them back to a checkpoint, entry creation included', () => {
    const journal = new LedgerJournal<LedgerWrite>();
    const ledger = new MemoryLedger({ [A]: { balance: 10n, datastore: [[b(1), b(9)]] } }, { journal });
    ledger.write({ kind: 'balance', address: A, value: 4n });
    const mark = journal.checkpoint();
    ledger.write({ kind: 'data', address: A, key: b(1), value: null });
    ledger.write({ kind: 'data', address: A, key: b(2), value: b(3) });
    ledger.write({ kind: 'bytecode', address: A, value: b(0, 1) });
    ledger.write({ kind: 'balance', address: 'AU1new', value: 7n });
    ledger.write({ kind: 'create', address: 'AS1new' });
    expect(ledger.getDataKeys(A, b())).toEqual([b(2)]);
    expect(ledger.hasEntry('AU1new') && ledger.hasEntry('AS1new')).toBe(true);
    journal.rollback(mark);
    expect(ledger.getBalance(A)).toBe(4n);
    expect(ledger.getDataEntry(A, b(1))).toEqual(b(9));
    expect(ledger.getDataEntry(A, b(2))).toBeUndefined();
    expect(ledger.getBytecode(A)).toBeUndefined();
    expect(ledger.hasEntry('AU1new') || ledger.hasEntry('AS1new')).toBe(false);
    expect(journal.take()).toEqual([{ kind: 'balance', address: A, value: 4n }]);
    expect(journal.pending).toEqual([]);
  });

  it('applies committed VM changes as absolute writes that replay on another copy', () => {
    const journal = new LedgerJournal<LedgerWrite>();
    const ledger = new MemoryLedger({ [A]: { balance: 10n, datastore: [[b(1), b(1)]] } }, { journal });
    const speculative = new SpeculativeLedger(ledger);
    speculative.createEntry('AS1x');
    speculative.setBytecode('AS1x', b(0, 1, 2));
    speculative.setDataEntry('AS1x', b(5), b(6));
    speculative.setBalance(A, 3n);
    speculative.setDataEntry(A, b(1), null);
    ledger.applyChanges(speculative.changes());
    const writes = journal.take();
    expect(writes).toEqual([
      { kind: 'create', address: 'AS1x' },
      { kind: 'balance', address: 'AS1x', value: 0n },
      { kind: 'bytecode', address: 'AS1x', value: b(0, 1, 2) },
      { kind: 'data', address: 'AS1x', key: b(5), value: b(6) },
      { kind: 'balance', address: A, value: 3n },
      { kind: 'data', address: A, key: b(1), value: null },
    ]);
    const copy = new MemoryLedger({ [A]: { balance: 10n, datastore: [[b(1), b(1)]] } });
    for (const write of writes) copy.apply(write);
    for (const address of [A, 'AS1x']) {
      expect(copy.getBalance(address)).toBe(ledger.getBalance(address));
      expect(copy.getBytecode(address)).toEqual(ledger.getBytecode(address));
      expect(copy.getDataKeys(address, b())).toEqual(ledger.getDataKeys(address, b()));
    }
  });

  it('refuses a change of a kind it does not know, changing nothing', () => {
    const journal = new LedgerJournal<LedgerWrite>();
    const ledger = new MemoryLedger({ [A]: { balance: 1n } }, { journal });
    const bogus = { kind: 'rolls', address: A, value: 3 } as unknown as LedgerWrite;
    expect(() => ledger.write(bogus)).toThrow('unknown ledger change kind "rolls"');
    expect(() => ledger.apply(bogus)).toThrow('unknown ledger change kind "rolls"');
    expect(journal.pending).toEqual([]);
    expect(ledger.getBalance(A)).toBe(1n);
  });
});

describe('SpeculativeLedger', () => {
  it('reads through to the base and never writes it', () => {
    const base = new MemoryLedger({ [A]: { balance: 10n, datastore: [[b(1), b(9)]] } });
    const journal = new SpeculativeLedger(base);
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
    const journal = new SpeculativeLedger(new MemoryLedger({ [A]: { balance: 10n } }));
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
    const journal = new SpeculativeLedger(new MemoryLedger({ [A]: { balance: 10n, datastore: [[b(1), b(1)]] } }));
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
