import { deferredCallId, LedgerJournal, SpeculativeLedger } from '@mason/vm';
import { describe, expect, it } from 'vitest';
import { pooledMessageId } from '../../src/asyncPool/asyncPoolState.js';
import { decodeJson, encodeJson } from '../../src/persistence/serialization.js';
import { ledgerSnapshot } from '../../src/ledger/ledgerSnapshot.js';
import { DevnetLedger, type BlockChange } from '../../src/ledger/devnetLedger.js';
import { testAsyncMessage } from '../asyncMessageFixture.js';

const USER = 'AU12UBnqTHDQALpocVBnkPNy7y5CndUJQTLutaVDDFgMJcq5kQiKq';
const SC = 'AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT';

const message = testAsyncMessage(SC, { emissionIndex: 0n });

function snapshot(ledger: DevnetLedger) {
  return {
    balance: ledger.getBalance(USER),
    scBytecode: ledger.getBytecode(SC),
    scKeys: ledger.getDataKeys(SC, new Uint8Array()),
    rolls: ledger.rollCount(USER),
    credit: ledger.deferredCredit(USER, 7, 31),
    pool: ledger.asyncPool.ordered().map(({ id }) => id),
  };
}

describe('the devnet ledger', () => {
  it("journals the VM's entry writes and its own changes in order, and rolls both back", () => {
    const journal = new LedgerJournal<BlockChange>();
    const candidate = new DevnetLedger(journal);
    candidate.apply({ kind: 'balance', address: USER, value: 50n });
    candidate.apply({ kind: 'rolls', address: USER, value: 2 });
    const before = snapshot(candidate);

    const mark = journal.checkpoint();
    candidate.write({ kind: 'balance', address: USER, value: 40n });
    candidate.write({ kind: 'rolls', address: USER, value: 1 });
    candidate.write({ kind: 'deferred', address: USER, period: 7, thread: 31, value: 10n });
    candidate.write({ kind: 'asyncMessage', id: pooledMessageId(message), value: { message, canBeExecuted: true } });
    const execution = new SpeculativeLedger(candidate);
    execution.createEntry(SC);
    execution.setBytecode(SC, Uint8Array.of(0, 97, 115, 109));
    execution.setDataEntry(SC, Uint8Array.of(1), Uint8Array.of(2));
    candidate.applyChanges(execution.changes());
    expect(journal.pending.map((change) => change.kind)).toEqual(['balance', 'rolls', 'deferred', 'asyncMessage', 'create', 'balance', 'bytecode', 'data']);
    const after = snapshot(candidate);
    expect(after).toMatchObject({ balance: 40n, rolls: 1, credit: 10n, pool: [pooledMessageId(message)], scKeys: [Uint8Array.of(1)] });

    journal.rollback(mark);
    expect(snapshot(candidate)).toEqual(before);
    expect(candidate.hasEntry(SC)).toBe(false);
    expect(journal.pending).toEqual([]);
  });

  it('journals a committed execution as the writes final-blocks.jsonl holds, byte for byte', () => {
    const journal = new LedgerJournal<BlockChange>();
    const candidate = new DevnetLedger(journal);
    candidate.apply({ kind: 'balance', address: USER, value: 50n });
    candidate.apply({ kind: 'data', address: USER, key: Uint8Array.of(9), value: Uint8Array.of(9) });
    const execution = new SpeculativeLedger(candidate);
    execution.setBalance(USER, 45n);
    execution.setDataEntry(USER, Uint8Array.of(9), null);
    execution.createEntry(SC);
    execution.setBalance(SC, 5n);
    execution.setDataEntry(SC, Uint8Array.of(1, 2), Uint8Array.of(3));
    candidate.applyChanges(execution.changes());
    expect(encodeJson(journal.take())).toBe(
      '[{"kind":"balance","address":"AU12UBnqTHDQALpocVBnkPNy7y5CndUJQTLutaVDDFgMJcq5kQiKq","value":{"$n":"45"}},' +
        '{"kind":"data","address":"AU12UBnqTHDQALpocVBnkPNy7y5CndUJQTLutaVDDFgMJcq5kQiKq","key":{"$b":"09"},"value":null},' +
        '{"kind":"create","address":"AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT"},' +
        '{"kind":"balance","address":"AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT","value":{"$n":"5"}},' +
        '{"kind":"bytecode","address":"AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT","value":null},' +
        '{"kind":"data","address":"AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT","key":{"$b":"0102"},"value":{"$b":"03"}}]',
    );
  });

  it('a block change set replayed on the final ledger gives the candidate state', () => {
    const journal = new LedgerJournal<BlockChange>();
    const candidate = new DevnetLedger(journal);
    const final = new DevnetLedger();
    for (const ledger of [candidate, final]) ledger.apply({ kind: 'balance', address: USER, value: 50n });
    candidate.write({ kind: 'rolls', address: USER, value: 3 });
    candidate.write({ kind: 'deferred', address: USER, period: 7, thread: 31, value: 10n });
    candidate.write({ kind: 'bytecode', address: SC, value: Uint8Array.of(1) });
    candidate.write({ kind: 'asyncMessage', id: pooledMessageId(message), value: { message, canBeExecuted: false } });
    candidate.write({ kind: 'deferred', address: USER, period: 7, thread: 31, value: 0n });
    const changes = journal.take();
    expect(journal.pending).toEqual([]);
    for (const change of changes) final.apply(change);
    expect(snapshot(final)).toEqual(snapshot(candidate));
    expect(final.deferredCredits.size).toBe(0);
  });

  it('refuses a change of an unknown kind (a damaged change set), changing nothing', () => {
    const journal = new LedgerJournal<BlockChange>();
    const ledger = new DevnetLedger(journal);
    ledger.apply({ kind: 'balance', address: USER, value: 5n });
    const bogus = { kind: 'stake', address: USER, value: 1n } as unknown as BlockChange;
    expect(() => ledger.write(bogus)).toThrow('unknown ledger change kind "stake"');
    expect(() => ledger.apply(bogus)).toThrow('unknown ledger change kind "stake"');
    expect(journal.pending).toEqual([]);
    expect(ledger.getBalance(USER)).toBe(5n);
  });
});

describe('the devnet ledger as a deferred-call registry', () => {
  const slot = { period: 9, thread: 4 };
  const id = deferredCallId(slot, 0n, new Uint8Array(32));
  const call = { sender: SC, targetSlot: slot, target: SC, function: 'tick', parameters: Uint8Array.of(1), coins: 5n, maxGas: 10n, fee: 7n, cancelled: false };

  it("journals the VM's registry writes, rolls them back, and copies them with the snapshot", () => {
    const journal = new LedgerJournal<BlockChange>();
    const candidate = new DevnetLedger(journal);
    candidate.applyDeferredCallWrites([
      { kind: 'deferredCall', id, slot, value: call },
      { kind: 'deferredSlotGas', slot, value: 750_010n },
      { kind: 'deferredTotalGas', value: 750_010n },
    ]);
    expect(journal.pending.map((change) => change.kind)).toEqual(['deferredCall', 'deferredSlotGas', 'deferredTotalGas']);
    expect(candidate.getDeferredCall(id)).toEqual(call);
    expect(candidate.deferredCallIds(slot)).toEqual([id]);
    const copy = new DevnetLedger();
    for (const change of ledgerSnapshot(candidate)) copy.apply(change);
    expect([copy.getDeferredCall(id), copy.deferredSlotGas(slot), copy.deferredTotalGas()]).toEqual([call, 750_010n, 750_010n]);
    // as persisted: the JSON of the change set replays to the same registry
    const replayed = new DevnetLedger();
    for (const change of decodeJson(encodeJson(journal.pending)) as BlockChange[]) replayed.apply(change);
    expect(replayed.getDeferredCall(id)).toEqual(call);

    const mark = journal.checkpoint();
    candidate.applyDeferredCallWrites([
      { kind: 'deferredCall', id, slot, value: null },
      { kind: 'deferredTotalGas', value: 0n },
    ]);
    expect(candidate.deferredCalls.size).toBe(0);
    journal.rollback(mark);
    expect([candidate.getDeferredCall(id), candidate.deferredTotalGas()]).toEqual([call, 750_010n]);
  });
});
