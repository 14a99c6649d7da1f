import { Args, MAS } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyText } from '../src/execution/failures.js';
import { CALL_GAS, CONTEXT, deployTester, OTHER, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
beforeAll(async () => {
  w = await world();
});

const call = (fn: string, param: Uint8Array = new Uint8Array(), caller = SENDER) =>
  w.vm.callSC({ caller, target: w.tester, function: fn, param, maxGas: CALL_GAS, context: CONTEXT });
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();
const utf8 = (value: string) => new Uint8Array(Buffer.from(value));

describe('storage', () => {
  it('sets, reads, appends and deletes entries, charging and refunding storage to the contract', () => {
    const balance = () => w.ledger.getBalance(w.tester)!;
    const start = balance();
    expect(call('setValue', new Args().addString('color').addString('red').serialize()).ok).toBe(true);
    // (4 + key 5 + value 3) bytes at 0.0001 MAS
    expect(start - balance()).toBe(12n * 100_000n);
    expect(text(call('getValue', new Args().addString('color').serialize()).returnValue)).toBe('red');
    call('appendValue', new Args().addString('color').addString('dish').serialize());
    expect(text(w.ledger.getDataEntry(w.tester, utf8('color'))!)).toBe('reddish');
    expect(start - balance()).toBe(16n * 100_000n);
    expect(call('hasValue', new Args().addString('color').serialize()).returnValue).toEqual(Uint8Array.of(1));
    call('deleteValue', new Args().addString('color').serialize());
    expect(balance()).toBe(start);
    expect(call('hasValue', new Args().addString('color').serialize()).returnValue).toEqual(Uint8Array.of(0));
  });

  it('reports a missing entry with the node text, then the key and whose datastore it was read from', () => {
    const result = call('getValue', new Args().addString('nothing').serialize());
    expect(result.error!.nodeMessage).toBe(
      `VM Error in CallSC context: VM execution error: RuntimeError: Runtime error: data entry not found: key "nothing" of ${w.tester}`,
    );
    const deleted = call('deleteValue', new Args().addString('nothing').serialize());
    expect(deleted.error!.nodeMessage).toContain(
      `Runtime error: Runtime error: could not delete data entry [110, 111, 116, 104, 105, 110, 103] for address ${w.tester}: entry or address does not exist`,
    );
  });

  it('shows a key as text when it is printable UTF-8, else in hex', () => {
    expect(keyText(utf8('counter'))).toBe('"counter"');
    expect(keyText(utf8('naïve "key"'))).toBe('"naïve \\"key\\""');
    expect(keyText(Uint8Array.of(1, 2, 0xff))).toBe('0x0102ff');
    expect(keyText(Uint8Array.of(0x61, 0x0a))).toBe('0x610a');
    expect(keyText(new Uint8Array())).toBe('""');
  });

  it('lists keys by byte prefix in byte order', () => {
    for (const key of [[1, 23], [1, 2, 3], [1, 2], [1, 2, 0], [9]]) {
      call('setBytes', new Args().addUint8Array(Uint8Array.from(key)).addUint8Array(Uint8Array.of(0)).serialize());
    }
    const listed = (prefix: number[]) => {
      const args = new Args(call('keys', new Args().addUint8Array(Uint8Array.from(prefix)).serialize()).returnValue);
      const count = Number(args.nextU32());
      return Array.from({ length: count }, () => [...args.nextUint8Array()]);
    };
    expect(listed([1, 2])).toEqual([
      [1, 2],
      [1, 2, 0],
      [1, 2, 3],
    ]);
    expect(listed([1])).toEqual([
      [1, 2],
      [1, 2, 0],
      [1, 2, 3],
      [1, 23],
    ]);
    expect(listed([7])).toEqual([]);
  });

  it('refuses writes to a datastore the frame does not own', () => {
    const target = deployTester(w, 'Other');
    const result = call('writeOther', new Args().addString(target).serialize());
    expect(result.error!.nodeMessage).toContain(`Runtime error: Runtime error: writing in the datastore of address ${target} is not allowed in this context`);
  });

  it('fails when the contract cannot pay for storage', () => {
    const poor = w.vm.executeSC({
      bytecode: w.code.deployer,
      caller: OTHER,
      maxGas: 3_000_000_000n,
      datastore: [
        [Uint8Array.of(0), new Args().addU64(1n).serialize()],
        [new Args().addU64(1n).serialize(), w.code.tester],
        [new Args().addU64(1n).addUint8Array(Uint8Array.of(0)).serialize(), new Args().addString('Poor').serialize()],
      ],
      context: CONTEXT,
    });
    expect(poor.error!.nodeMessage).toMatch(
      /failed to charge storage costs for datastore entry change: Runtime error: failed to transfer 0\.0012 coins from spending address AS\w+ due to insufficient balance 0$/,
    );
    expect(poor.error!.callStack).toHaveLength(2);
    expect(w.ledger.getBalance(OTHER)).toBe(10n * MAS);
  });
});
