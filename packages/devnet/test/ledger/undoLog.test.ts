import { pooledMessageId } from '../../src/asyncPool/asyncPoolState.js';
import { DevnetLedger, type BlockChange } from '../../src/ledger/devnetLedger.js';
import { ledgerSnapshot } from '../../src/ledger/ledgerSnapshot.js';
import { testAsyncMessage } from '../asyncMessageFixture.js';
import { describe, expect, it } from 'vitest';

// The undo log a snapshot relies on: applying the recorded inverses, latest first, gives back
// exactly the ledger of the moment the log started, whatever kinds of writes came between.

const USER = 'AU12UBnqTHDQALpocVBnkPNy7y5CndUJQTLutaVDDFgMJcq5kQiKq';
const SC = 'AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT';
const NEW = 'AU1qDAxGJ387ETi9JRQzZWSPKYq4YPXVeYz5mmbTjyxCjKRPy2jyh';

const message = testAsyncMessage(SC, { emissionIndex: 0n });

const state = (ledger: DevnetLedger) => JSON.stringify(ledgerSnapshot(ledger), (_, v) => (typeof v === 'bigint' ? `${v}n` : v));

function ledgerWithState(): DevnetLedger {
  const ledger = new DevnetLedger();
  for (const change of [
    { kind: 'balance', address: USER, value: 1_000n },
    { kind: 'rolls', address: USER, value: 3 },
    { kind: 'bytecode', address: SC, value: Uint8Array.of(0, 97, 115, 109) },
    { kind: 'data', address: SC, key: Uint8Array.of(1), value: Uint8Array.of(2) },
  ] satisfies BlockChange[])
    ledger.apply(change);
  return ledger;
}

const writes: BlockChange[] = [
  { kind: 'balance', address: USER, value: 5n },
  { kind: 'balance', address: NEW, value: 7n },
  { kind: 'data', address: SC, key: Uint8Array.of(1), value: null },
  { kind: 'data', address: SC, key: Uint8Array.of(9), value: Uint8Array.of(9) },
  { kind: 'bytecode', address: SC, value: null },
  { kind: 'create', address: 'AS1Vuw1fTRGEpvVUrJ5HsgrBDNjcZKBvD2vjqQXDAeKNy2fAkbzw' },
  { kind: 'rolls', address: USER, value: 0 },
  { kind: 'rolls', address: NEW, value: 2 },
  { kind: 'deferred', address: USER, period: 4, thread: 1, value: 50n },
  { kind: 'asyncMessage', id: pooledMessageId(message), value: { message, canBeExecuted: false } },
  { kind: 'deferredTotalGas', value: 1_000n },
  { kind: 'balance', address: USER, value: 6n },
];

describe("a DevnetLedger's undo log", () => {
  it('brings back the ledger of the moment it started, created entries removed', () => {
    const ledger = ledgerWithState();
    const before = state(ledger);
    ledger.undoLog = [];
    for (const change of writes) ledger.apply(change);
    expect(state(ledger)).not.toBe(before);
    expect(ledger.hasEntry(NEW)).toBe(true);
    const undo = ledger.undoLog.reverse();
    ledger.undoLog = null;
    for (const change of undo) ledger.apply(change);
    expect(state(ledger)).toBe(before);
    expect(ledger.hasEntry(NEW)).toBe(false);
  });

  it('the same undo changes bring a copy of the ledger (a worker replica) back too', () => {
    const ledger = ledgerWithState();
    const replica = ledgerWithState();
    ledger.undoLog = [];
    for (const change of writes) {
      ledger.apply(change);
      replica.apply(change);
    }
    for (const change of ledger.undoLog.reverse()) replica.apply(change);
    expect(state(replica)).toBe(state(ledgerWithState()));
  });

  it('records nothing while no snapshot is live', () => {
    const ledger = ledgerWithState();
    for (const change of writes) ledger.apply(change);
    expect(ledger.undoLog).toBeNull();
  });
});
