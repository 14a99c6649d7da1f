import { LedgerJournal, SlotContext, Vm, type AsyncMessage } from '@mason/vm';
import { describe, expect, it } from 'vitest';
import { MAX_ASYNC_POOL_LENGTH, pooledMessageId } from '../../src/asyncPool/asyncPoolState.js';
import { defaultChainConfig } from '../../src/config.js';
import { DevnetLedger, type BlockChange } from '../../src/ledger/devnetLedger.js';
import { addEmittedMessages, settleAsyncPool } from '../../src/execution/asyncMessages.js';
import { testAsyncMessage } from '../asyncMessageFixture.js';

const SENDER = 'AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT';
const WATCHED = 'AU12UBnqTHDQALpocVBnkPNy7y5CndUJQTLutaVDDFgMJcq5kQiKq';

const message = (options: Partial<AsyncMessage> = {}) => testAsyncMessage(SENDER, options);

/** A slot of the devnet's execution: real ledger, journal and VM, at `period`. */
function slotAt(period: number) {
  const journal = new LedgerJournal<BlockChange>();
  const ledger = new DevnetLedger(journal);
  ledger.apply({ kind: 'balance', address: SENDER, value: 0n });
  const vm = new Vm({ chainId: 77n, state: ledger });
  const env = { ledger, journal, vm, slot: new SlotContext({ slot: { period, thread: 0 }, timestamp: 0 }), config: defaultChainConfig() };
  return { state: ledger, ledger, journal, env };
}

describe('settling the async pool', () => {
  it('drops an expired message and refunds its coins in the slot after its validity end', () => {
    const atEnd = slotAt(5);
    addEmittedMessages(atEnd.ledger, [message()]);
    settleAsyncPool(atEnd.env);
    expect(atEnd.state.asyncPool.size).toBe(1);

    const after = slotAt(5);
    addEmittedMessages(after.ledger, [message({ validityEnd: { period: 4, thread: 31 } })]);
    settleAsyncPool(after.env);
    expect(after.state.asyncPool.size).toBe(0);
    expect(after.state.balance(SENDER)).toBe(100n);
  });

  it(`keeps the ${MAX_ASYNC_POOL_LENGTH} messages of best priority and refunds the others`, () => {
    const { state, ledger, env } = slotAt(3);
    const messages = Array.from({ length: MAX_ASYNC_POOL_LENGTH + 2 }, (_, i) => message({ fee: BigInt(1000 + i), coins: 1n }));
    addEmittedMessages(ledger, messages);
    settleAsyncPool(env);
    expect(state.asyncPool.size).toBe(MAX_ASYNC_POOL_LENGTH);
    // the two lowest fees per gas are gone
    expect(state.asyncPool.get(pooledMessageId(messages[0]!))).toBeUndefined();
    expect(state.asyncPool.get(pooledMessageId(messages[1]!))).toBeUndefined();
    expect(state.asyncPool.get(pooledMessageId(messages[2]!))).toBeDefined();
    expect(state.balance(SENDER)).toBe(2n);
  });

  it('activates a message when the slot writes its filter address, or its filter key', () => {
    const { state, ledger, env } = slotAt(3);
    const onAddress = message({ trigger: { address: WATCHED, datastoreKey: undefined } });
    const onKey = message({ trigger: { address: SENDER, datastoreKey: Uint8Array.of(1, 2) } });
    const onOtherKey = message({ trigger: { address: SENDER, datastoreKey: Uint8Array.of(1) } });
    addEmittedMessages(ledger, [onAddress, onKey, onOtherKey]);
    const active = (m: AsyncMessage) => state.asyncPool.get(pooledMessageId(m))!.canBeExecuted;
    settleAsyncPool(env);
    expect([onAddress, onKey, onOtherKey].map(active)).toEqual([false, false, false]);

    ledger.write({ kind: 'balance', address: WATCHED, value: 5n });
    ledger.write({ kind: 'data', address: SENDER, key: Uint8Array.of(1, 2), value: null });
    settleAsyncPool(env);
    expect([onAddress, onKey, onOtherKey].map(active)).toEqual([true, true, false]);
  });

  it('rolls pool changes back with the journal', () => {
    const { state, ledger, journal } = slotAt(3);
    const mark = journal.checkpoint();
    addEmittedMessages(ledger, [message()]);
    expect(state.asyncPool.size).toBe(1);
    journal.rollback(mark);
    expect(state.asyncPool.size).toBe(0);
  });
});
