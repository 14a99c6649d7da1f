import { describe, expect, it } from 'vitest';
import { Args } from '@mason/codec';
import { displayBytes, eventText, formatGas, ID_PATTERN, operationSummary, shortId, slotTimestamp } from '../../explorer/src/format.js';

const bytes = (text: string) => Array.from(new TextEncoder().encode(text));

describe("the explorer's formatting", () => {
  it('shows bytes as text only when they are printable UTF-8, as hex otherwise', () => {
    expect(displayBytes(bytes('name'))).toEqual({ text: 'name', kind: 'text' });
    expect(displayBytes(bytes('héllo <b>'))).toEqual({ text: 'héllo <b>', kind: 'text' });
    expect(displayBytes([0xff, 0x00])).toEqual({ text: '0xff00', kind: 'hex' });
    expect(displayBytes(bytes('a\nb'))).toEqual({ text: '0x610a62', kind: 'hex' });
    expect(displayBytes([1, 0, 0, 0])).toEqual({ text: '0x01000000', kind: 'hex' });
    expect(displayBytes([])).toEqual({ text: '(empty)', kind: 'hex' });
  });

  it('summarizes every operation type', () => {
    const address = `AU1${'b'.repeat(48)}`;
    expect(operationSummary({ Transaction: { recipient_address: address, amount: '5' } })).toBe(`5 MAS → ${shortId(address)}`);
    expect(operationSummary({ CallSC: { target_addr: address, target_func: 'shout', param: [], max_gas: 1, coins: '0' } })).toBe(`${shortId(address)}.shout()`);
    expect(operationSummary({ ExecuteSC: { data: [0, 97, 115, 109], max_gas: 1, max_coins: '0', datastore: [] } })).toBe('4 bytes of bytecode');
    expect(operationSummary({ RollBuy: { roll_count: 2 } })).toBe('buy 2 roll(s)');
    expect(operationSummary({ RollSell: { roll_count: 1 } })).toBe('sell 1 roll(s)');
  });

  it('computes slot times as the node does, and knows ids from anything else', () => {
    const config = { genesis_timestamp: 1_000, t0: 512, thread_count: 32 };
    expect(slotTimestamp({ period: 2, thread: 3 }, config)).toBe(1_000 + 2 * 512 + 3 * 16);
    expect(ID_PATTERN.test(`B1${'c'.repeat(48)}`)).toBe(true);
    expect(ID_PATTERN.test(`AS1${'c'.repeat(48)}`)).toBe(true);
    for (const bad of ['', 'B1', '<img src=x>', `AU1${'0'.repeat(48)}`, `X1${'c'.repeat(48)}`, `AU1${'c'.repeat(48)}/x`])
      expect(ID_PATTERN.test(bad)).toBe(false);
  });

  it('writes gas with thousands separators', () => {
    expect(formatGas(3_000_000_000)).toBe('3,000,000,000');
    expect(formatGas(2_100_000n)).toBe('2,100,000');
    expect(formatGas(999)).toBe('999');
    expect(formatGas(0)).toBe('0');
  });

  it('reads events as `mason` prints them: node errors unwrapped, raw events decoded, text as it is', () => {
    const contract = `AS1${'d'.repeat(48)}`;
    const raw = Buffer.from(new Args().addSerializableObjectArray([{ serialize: () => new Args().addString(contract).serialize() }]).serialize()).toString(
      'base64',
    );
    expect(eventText(raw)).toBe(`(raw event) ${contract}`);
    expect(eventText(Buffer.from([0xff, 0, 1, 2, 3, 4]).toString('base64'))).toBe('(raw event) 0xff0001020304 — as text: /wABAgME');
    expect(eventText(Buffer.from(new Uint8Array(20).fill(7)).toString('base64'))).toBe(`(raw event) 0x${'07'.repeat(20)}`);
    expect(eventText('{"massa_execution_error":"Runtime error: boom"}')).toBe('Runtime error: boom');
    expect(eventText('Contract deployed at address: AS1x')).toBe('Contract deployed at address: AS1x');
    expect(eventText('abcdefgh')).toBe('abcdefgh');
    expect(eventText('<script>x</script>')).toBe('<script>x</script>');
  });
});
