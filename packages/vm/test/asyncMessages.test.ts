import { Args, MAS } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_GAS, CONTEXT, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
beforeAll(async () => {
  w = await world();
});

describe('asynchronous messages', () => {
  it('records a message, burns its coins and fee, then runs it later', () => {
    const before = w.ledger.getBalance(w.tester)!;
    const sent = w.vm.callSC({
      caller: SENDER,
      target: w.tester,
      function: 'schedule',
      param: new Args().addString(w.tester).addString('setValue').addU64(MAS / 100n).serialize(),
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
    const failed = w.vm.executeAsyncMessage({ message: message!, context: { slot: { period: 13, thread: 0 }, timestamp: 0 }, messageId: 'M1' });
    expect(failed.ok).toBe(false);
    expect(failed.error!.nodeMessage).toMatch(/^VM Error in Asynchronous Message context: VM execution error: RuntimeError: Runtime error: error: value/);
    expect(failed.events.at(-1)!.context.async_msg_id).toBe('M1');
    // coins go back to the sender after the rollback
    expect(w.ledger.getBalance(w.tester)).toBe(before - 1_000n);

    const ok = w.vm.executeAsyncMessage({
      message: { ...message!, data: new Args().addString('async').addString('done').serialize() },
      context: { slot: { period: 13, thread: 0 }, timestamp: 0 },
    });
    expect(ok.ok).toBe(true);
    expect(ok.events[0]!.context.call_stack).toEqual([w.tester, w.tester]);
    expect(Buffer.from(w.ledger.getDataEntry(w.tester, new Uint8Array(Buffer.from('async')))!).toString()).toBe('done');
  });

  it('validates messages as the node does', () => {
    const result = w.vm.callSC({
      caller: SENDER,
      target: w.tester,
      function: 'schedule',
      param: new Args().addString(SENDER).addString('x').addU64(0n).serialize(),
      maxGas: CALL_GAS,
      context: CONTEXT,
    });
    expect(result.error!.nodeMessage).toContain('Runtime error: target address is not a smart contract address');
  });
});
