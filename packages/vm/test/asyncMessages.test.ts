import { Args, MAS, concatBytes, encodeBase58check, encodeVarint } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { asyncMessageId, compareAsyncMessageIds, formatAsyncMessageId, type AsyncMessage } from '../src/index.js';
import { CALL_GAS, CONTEXT, OTHER, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
beforeAll(async () => {
  w = await world();
});

interface Send {
  target?: string;
  handler?: string;
  start?: [number, number];
  end?: [number, number];
  maxGas?: bigint;
  fee?: bigint;
  coins?: bigint;
  data?: Uint8Array;
  filterAddress?: string;
  filterKey?: Uint8Array;
}

/** CallSC of the tester's `scheduleWith`, which passes every argument to send_message. */
function send(options: Send = {}) {
  const param = new Args()
    .addString(options.target ?? w.tester)
    .addString(options.handler ?? 'setValue')
    .addU64(BigInt.asUintN(64, BigInt((options.start ?? [13, 0])[0])))
    .addU8((options.start ?? [13, 0])[1])
    .addU64(BigInt.asUintN(64, BigInt((options.end ?? [20, 0])[0])))
    .addU8((options.end ?? [20, 0])[1])
    .addU64(options.maxGas ?? 3_000_000n)
    .addU64(options.fee ?? 1_000n)
    .addU64(options.coins ?? 0n)
    .addUint8Array(options.data ?? new Args().addString('k').addString('v').serialize())
    .addString(options.filterAddress ?? '')
    .addUint8Array(options.filterKey ?? new Uint8Array())
    .serialize();
  return w.vm.callSC({ caller: SENDER, target: w.tester, function: 'scheduleWith', param, maxGas: CALL_GAS, context: CONTEXT });
}

const LATER = { slot: { period: 13, thread: 0 }, timestamp: 0 };

describe('asynchronous messages', () => {
  it('records a message, burns its coins and fee, then runs it later', () => {
    const before = w.ledger.getBalance(w.tester)!;
    const sent = w.vm.callSC({
      caller: SENDER,
      target: w.tester,
      function: 'schedule',
      param: new Args()
        .addString(w.tester)
        .addString('setValue')
        .addU64(MAS / 100n)
        .serialize(),
      maxGas: CALL_GAS,
      context: CONTEXT,
    });
    expect(sent.ok).toBe(true);
    const [message] = sent.asyncMessages;
    expect(message).toMatchObject({
      sender: w.tester,
      destination: w.tester,
      function: 'setValue',
      maxGas: 3_000_000n,
      fee: 1_000n,
      coins: MAS / 100n,
      validityStart: { period: 13, thread: 0 },
      validityEnd: { period: 20, thread: 0 },
      emissionSlot: CONTEXT.slot,
    });
    expect(w.ledger.getBalance(w.tester)).toBe(before - MAS / 100n - 1_000n);

    // the handler reads Args(key, value): the message data is Args("from async") + nothing → fails
    const failed = w.vm.executeAsyncMessage({ message: message!, context: LATER });
    expect(failed.ok).toBe(false);
    expect(failed.error!.nodeMessage).toMatch(/^VM Error in Asynchronous Message context: VM execution error: RuntimeError: Runtime error: error: value/);
    const errorEvent = failed.events.at(-1)!;
    expect(JSON.parse(errorEvent.data).massa_execution_error).toBe(failed.error!.nodeMessage);
    // fee 1,000 / max gas 3,000,000 in lowest terms, emission slot and index: the node's JSON form
    expect(errorEvent.context).toMatchObject({ async_msg_id: [[1, 3000], CONTEXT.slot, 0], origin_operation_id: null, is_error: true });
    // coins go back to the sender after the rollback
    expect(w.ledger.getBalance(w.tester)).toBe(before - 1_000n);

    const ok = w.vm.executeAsyncMessage({
      message: { ...message!, data: new Args().addString('async').addString('done').serialize() },
      context: LATER,
    });
    expect(ok.ok).toBe(true);
    expect(ok.events[0]!.context.call_stack).toEqual([w.tester, w.tester]);
    expect(ok.events[0]!.context.async_msg_id).toEqual([[1, 3000], CONTEXT.slot, 0]);
    expect(Buffer.from(w.ledger.getDataEntry(w.tester, new Uint8Array(Buffer.from('async')))!).toString()).toBe('done');
    // the coins are credited to the destination when the handler runs; it pays for its new entry
    const storage = BigInt(4 + 'async'.length + 'done'.length) * w.vm.limits.ledgerCostPerByte;
    expect(w.ledger.getBalance(w.tester)).toBe(before - 1_000n + MAS / 100n - storage);
  });

  it('numbers the messages of a slot, with a filter when one is given', () => {
    const slot = w.vm.callSC({ caller: SENDER, target: w.tester, function: 'hello', maxGas: CALL_GAS, context: CONTEXT });
    expect(slot.ok).toBe(true);
    const first = send({ filterAddress: OTHER });
    const second = send({ filterAddress: w.tester, filterKey: Uint8Array.of(1, 2) });
    expect(first.asyncMessages[0]!.trigger).toEqual({ address: OTHER, datastoreKey: undefined });
    expect(second.asyncMessages[0]!.trigger).toEqual({ address: w.tester, datastoreKey: Uint8Array.of(1, 2) });
    expect(send().asyncMessages[0]!.trigger).toBeUndefined();
  });

  it('fails the sender when it cannot pay the coins and fee', () => {
    const balance = w.ledger.getBalance(w.tester)!;
    const result = send({ coins: balance, fee: 1n });
    expect(result.ok).toBe(false);
    expect(result.error!.nodeMessage).toMatch(/failed to transfer 0\.000000001 coins from spending address AS.* due to insufficient balance 0/);
    expect(result.asyncMessages).toEqual([]);
    expect(w.ledger.getBalance(w.tester)).toBe(balance);
  });

  it('validates messages as the node does', () => {
    const cases: Array<[Send, string]> = [
      [{ target: SENDER }, 'target address is not a smart contract address'],
      [{ maxGas: 2_099_999n }, 'max gas is lower than the minimum instance cost'],
      [{ start: [13, 32] }, 'validity start thread exceeds the configuration thread count'],
      [{ end: [20, 40] }, 'validity end thread exceeds the configuration thread count'],
      [{ start: [14, 0], end: [13, 31] }, 'validity end is earlier than the validity start'],
      [{ start: [1, 0], end: [12, 17] }, 'validity end is earlier than the current slot'],
      [{ handler: 'h'.repeat(256) }, 'Function name is too large'],
      [{ filterAddress: w.tester, filterKey: new Uint8Array(256) }, 'datastore key is too long'],
      [{ target: 'AS1nope' }, 'address parsing error: in SCAddress from_str_without_prefixed_type: invalid checksum'],
      // u64 values past i64::MAX arrive negative on the wasm side
      [{ start: [-1, 0] }, 'negative validity start period'],
      [{ end: [-1, 0] }, 'negative validity end period'],
      [{ maxGas: 1n << 63n }, 'negative max gas'],
      [{ fee: 1n << 63n }, 'negative raw_fee'],
      [{ coins: (1n << 64n) - 1n }, 'negative coins'],
    ];
    for (const [options, text] of cases) {
      const result = send(options);
      expect(result.ok, text).toBe(false);
      expect(result.error!.nodeMessage, text).toContain(text);
    }
    // the minimum itself and a window ending in the current slot are accepted
    expect(send({ maxGas: 2_100_000n }).ok).toBe(true);
    expect(send({ start: [1, 0], end: [12, 18] }).ok).toBe(true);
  });
});

describe('async message ids', () => {
  const message = (fee: bigint, maxGas: bigint, period: number, index: bigint): Pick<AsyncMessage, 'fee' | 'maxGas' | 'emissionSlot' | 'emissionIndex'> => ({
    fee,
    maxGas,
    emissionSlot: { period, thread: 3 },
    emissionIndex: index,
  });

  it('orders by fee per gas (highest first), then emission slot and index', () => {
    const ids = [
      message(1n, 10n, 5, 0n), // 0.1 per gas
      message(3n, 10n, 9, 0n), // 0.3
      message(2n, 20n, 4, 1n), // 0.1, earlier slot
      message(0n, 0n, 1, 0n), // 0 (max gas 0 counts as 1)
      message(2n, 20n, 4, 0n), // 0.1, earlier index
    ].map(asyncMessageId);
    const order = [...ids].sort(compareAsyncMessageIds).map((id) => ids.indexOf(id));
    expect(order).toEqual([1, 4, 2, 0, 3]);
    expect(ids[2]).toMatchObject({ feeNumerator: 1n, feeDenominator: 10n });
    expect(ids[3]).toMatchObject({ feeNumerator: 0n, feeDenominator: 1n });
  });

  it('formats as the node: ASC + bs58check of the serialized id', () => {
    // The node's doc example: fee 1 MAS, max gas 10,000,000, emitted at (1, 0) index 0 → ratio 100/1.
    const id = asyncMessageId({ fee: MAS, maxGas: 10_000_000n, emissionSlot: { period: 1, thread: 0 }, emissionIndex: 0n });
    const bytes = concatBytes(encodeVarint(100n), encodeVarint(1n), encodeVarint(1n), Uint8Array.of(0), encodeVarint(0n));
    expect(formatAsyncMessageId(id)).toBe('ASC' + encodeBase58check(bytes));
    expect(Array.from(bytes)).toEqual([100, 1, 1, 0, 0]);
  });
});
