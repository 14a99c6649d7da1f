import { Args, MAS, toHex } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { HostedInstance, meterModule, parseModule, type Vm } from '../src/index.js';
import { CONTEXT, OTHER, SENDER, world, type World } from './helpers/fixtures.js';

// A module instantiated by its own host (as as-pect does with a test module), bound to the VM's
// host functions as the top frame of [SENDER, CONTRACT].
const CONTRACT = 'AS12BqZEQ6sByhRLyEuf0YbQmcF2PsDdkNNG1akBJu9XcjZA1eT';
const GAS = 1_000_000_000n;

let w: World;
beforeAll(async () => {
  w = await world();
});

interface Hosted {
  host: HostedInstance;
  call(fn: string, param?: Uint8Array): Uint8Array;
  exports: WebAssembly.Exports;
}

function hosted(vm: Vm, bytes: Uint8Array, options: { metered?: boolean } = {}): Hosted {
  const host = vm.hostInstance({
    callStack: [{ address: SENDER }, { address: CONTRACT }],
    gas: GAS,
    context: CONTEXT,
    operationId: 'O1hosted',
  });
  host.setBalance(CONTRACT, MAS);
  const code = options.metered ? meterModule(parseModule(bytes), { operatorCost: vm.gasCosts.operator, initialPoints: 0n }) : bytes;
  const instance = new WebAssembly.Instance(new WebAssembly.Module(code), host.imports);
  host.attach(instance);
  const call = (fn: string, param = new Uint8Array()) => {
    const result = (instance.exports[fn] as (ptr: number) => number)(host.newBuffer(param));
    return result === undefined ? new Uint8Array() : host.readBuffer(result);
  };
  return { host, call, exports: instance.exports };
}

describe('HostedInstance', () => {
  it('runs the module as the top frame: storage keyed by bytes, events with their context, ABIs paid from the budget', () => {
    const { host, call } = hosted(w.vm, w.code.tester);
    call('setValue', new Args().addString('k').addString('v').serialize());
    expect(new TextDecoder().decode(host.state.getDataEntry(CONTRACT, new TextEncoder().encode('k')))).toBe('v');
    expect(w.vm.state.getDataEntry(CONTRACT, new TextEncoder().encode('k'))).toBeUndefined();
    expect(host.events).toHaveLength(1);
    expect(host.events[0]!.data).toBe('set k=v');
    expect(host.events[0]!.context).toMatchObject({
      call_stack: [SENDER, CONTRACT],
      origin_operation_id: 'O1hosted',
      slot: CONTEXT.slot,
      is_error: false,
    });
    // Storage cost of the new entry, paid by the contract.
    expect(host.state.getBalance(CONTRACT)).toBe(MAS - (4n + 1n + 1n) * 100_000n);
    const used = GAS - host.gas;
    expect(used).toBeGreaterThan(0n);
    expect(used).toBeLessThan(100_000n); // operators are not metered: only ABI costs
    call('setBytes', new Args().addUint8Array(Uint8Array.of(1, 2)).addUint8Array(Uint8Array.of(9)).serialize());
    call('setBytes', new Args().addUint8Array(Uint8Array.of(1, 23)).addUint8Array(Uint8Array.of(8)).serialize());
    expect(host.state.getDataKeys(CONTRACT, Uint8Array.of(1, 2)).map(toHex)).toEqual(['0102']);
  });

  it('reads the call stack, coins, slot and chain id it is given, and runs nested calls in their own instance', () => {
    const { host, call } = hosted(w.vm, w.code.tester);
    host.setCallStack([{ address: OTHER }, { address: CONTRACT, coins: 7n }]);
    host.setSlot({ slot: { period: 40, thread: 3 }, timestamp: 123_456 });
    host.chainId = 77658366n;
    const info = new Args(call('contextInfo'));
    expect(info.nextString()).toBe(OTHER);
    expect(info.nextString()).toBe(CONTRACT);
    info.nextString();
    info.nextU32();
    expect(info.nextU64()).toBe(123_456n);
    expect(info.nextU64()).toBe(40n);
    expect(info.nextU8()).toBe(3n);
    expect(info.nextU64()).toBe(77658366n);
    expect(info.nextU64()).toBe(7n);

    const before = host.gas;
    const result = call('forward', new Args().addString(w.tester).addString('hello').addUint8Array(new Uint8Array()).addU64(0n).serialize());
    expect(new TextDecoder().decode(result)).toBe('Hello, Mason!');
    // The call ABI (15,000), then the callee's launch (15,700) and operators in its own metered instance.
    expect(before - host.gas).toBeGreaterThan(100_000n);
  });

  it('reverts to a checkpoint like a failed execution, and resets to its initial state', () => {
    const { host, call } = hosted(w.vm, w.code.tester);
    const checkpoint = host.checkpoint();
    call('setValue', new Args().addString('a').addString('1').serialize());
    host.setCallStack([{ address: OTHER }]);
    host.revert(checkpoint);
    expect(host.state.getDataEntry(CONTRACT, new TextEncoder().encode('a'))).toBeUndefined();
    expect(host.callStack).toEqual([SENDER, CONTRACT]);
    expect(host.events.map((e) => e.context.is_error)).toEqual([true]);

    call('setValue', new Args().addString('b').addString('2').serialize());
    host.chainId = 1n;
    host.reset();
    expect(host.state.getDataEntry(CONTRACT, new TextEncoder().encode('b'))).toBeUndefined();
    expect(host.state.getBalance(CONTRACT)).toBeUndefined();
    expect(host.events).toHaveLength(0);
    expect(host.chainId).toBe(77n);
    expect(host.gas).toBe(GAS);
  });

  it('fails an ABI when the budget is spent, and limits events per operation until the next one begins', () => {
    const { host, call } = hosted(w.vm, w.code.tester);
    host.gas = 100n;
    expect(() => call('setValue', new Args().addString('a').addString('1').serialize())).toThrow(/Out of gas/);
    host.beginOperation(GAS);
    expect(() => call('emitMany', new Args().addU32(26).serialize())).toThrow(/Too many event/);
    host.beginOperation();
    call('emitMany', new Args().addU32(25).serialize());
  });

  it('describes the failures its ABIs raise, with the abort of a nested contract', () => {
    const { host, call } = hosted(w.vm, w.code.tester);
    let thrown: unknown;
    try {
      call('forward', new Args().addString(w.tester).addString('fail').addUint8Array(new Uint8Array()).addU64(0n).serialize());
    } catch (error) {
      thrown = error;
    }
    const failure = host.describeError(thrown);
    expect(failure?.code).toBe('MASON_VM_ABORT');
    expect(failure?.message).toMatch(/^VM error: RuntimeError: Runtime error: error: boom at test\/contracts\/tester.ts:126 col: 3$/);
    expect(failure?.abort).toMatchObject({ file: 'test/contracts/tester.ts' });
    expect(host.describeError(new Error('other'))).toBeUndefined();
  });

  it("describes a nested contract's abort the node cannot read with its message and why", () => {
    const { host, call } = hosted(w.vm, w.code.tester);
    let thrown: unknown;
    try {
      call('forward', new Args().addString(w.tester).addString('bareAbort').addUint8Array(new Uint8Array()).addU64(0n).serialize());
    } catch (error) {
      thrown = error;
    }
    const failure = host.describeError(thrown);
    expect(failure?.code).toBe('MASON_VM_ABORT_UNREADABLE');
    expect(failure?.message).toContain('The contract aborted with "Please use transformer to dynamically include the file."');
    expect(failure?.message).toContain('its file name is null');
    expect(failure?.abort).toBeUndefined();
  });

  it('meters the operators of a module instrumented with meterModule', () => {
    const plain = hosted(w.vm, w.code.tester);
    const metered = hosted(w.vm, w.code.tester, { metered: true });
    const param = new Args().addString('k').addString('v').serialize();
    plain.call('setValue', param);
    metered.call('setValue', param);
    const plainUsed = GAS - plain.host.gas;
    const meteredUsed = GAS - metered.host.gas;
    expect(meteredUsed).toBeGreaterThan(plainUsed);
    expect((meteredUsed - plainUsed) % w.vm.gasCosts.operator).toBe(0n);
  });
});

describe('lenient addresses (unit-test hosts emulating vm-mock)', () => {
  const madeUp = 'AUDeadBeefDeadBeefDeadBeefDeadBeefDeadBeefDeadBOObs';
  const send = new Args().addString(madeUp).addU64(5n).serialize();

  it('are refused by default, as a node refuses them', () => {
    const { call } = hosted(w.vm, w.code.tester);
    expect(() => call('sendCoins', send)).toThrow(
      "address parsing error: in UserAddress from_str_without_prefixed_type: provided string contained invalid character 'O' at byte 45",
    );
  });

  it('are ledger keys when the VM is made for vm-mock specs', async () => {
    const { Vm, MemoryLedger } = await import('../src/index.js');
    const vm = new Vm({ state: new MemoryLedger(), chainId: 77, lenientAddresses: true, limits: { ledgerEntryBaseCost: 0n } });
    const { host, call } = hosted(vm, w.code.tester);
    call('sendCoins', send);
    expect(host.state.getBalance(madeUp)).toBe(5n);
    expect(() => call('sendCoins', new Args().addString('').addU64(1n).serialize())).toThrow(/address parsing error: $/);
  });
});
