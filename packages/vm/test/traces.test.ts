import { Args, MAS } from '@mason/codec';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExecutionTracer, type ExecutionTrace, type TraceFrame, type TraceHostCall } from '../src/index.js';
import { CALL_GAS, CONTEXT, deployTester, OTHER, SENDER, world, type World } from './helpers/fixtures.js';

let w: World;
let other: string;
beforeAll(async () => {
  w = await world();
  other = deployTester(w, 'Other');
});

function traced(fn: string, param: Uint8Array, coins = 0n, target = w.tester): { trace: ExecutionTrace; ok: boolean } {
  const tracer = new ExecutionTracer();
  const result = w.vm.callSC({ caller: SENDER, target, function: fn, param, coins, maxGas: CALL_GAS, context: CONTEXT, tracer });
  return { trace: tracer.trace!, ok: result.ok };
}

const calls = (frame: TraceFrame, name: string): TraceHostCall[] => frame.hostCalls.filter((call) => call.name === name);

describe('execution traces', () => {
  it('records the frame, its host calls with gas, and storage writes as text', () => {
    const { trace, ok } = traced('setValue', new Args().addString('color').addString('blue').serialize(), 2n * MAS);
    expect(ok).toBe(true);
    expect(trace).toMatchObject({ version: 1, kind: 'CallSC', ok: true, gasLimit: Number(CALL_GAS) });
    // The CallSC's coins move before the function runs.
    expect(trace.effects).toEqual([{ type: 'transfer', from: SENDER, to: w.tester, amount: '2' }]);
    const root = trace.root!;
    expect(root).toMatchObject({ kind: 'root', address: w.tester, function: 'setValue', caller: SENDER, coins: '2' });
    expect(root.gasUsed).toBe(trace.gasUsed);
    const [set] = calls(root, 'set_data');
    expect(set!.gas).toBeGreaterThan(0);
    // The storage the new entry takes is paid by the contract (coins burnt), then the entry written.
    expect(set!.effects).toEqual([
      { type: 'transfer', from: w.tester, to: null, amount: '0.0013' },
      {
        type: 'storageWrite',
        address: w.tester,
        key: { length: 5, hex: '636f6c6f72', text: 'color' },
        value: { length: 4, hex: '626c7565', text: 'blue' },
      },
    ]);
    expect(calls(root, 'generate_event')[0]!.effects).toEqual([{ type: 'event', data: 'set color=blue' }]);
    // Every host call is there, and their gas is part of the frame's.
    const hostGas = root.hostCalls.reduce((sum, call) => sum + call.gas, 0);
    expect(hostGas).toBeLessThan(root.gasUsed);
    expect(JSON.parse(JSON.stringify(trace))).toEqual(trace);
  });

  it('records a nested call as a child frame of the call host call, with its own gas', () => {
    const inner = new Args().addString('nested').addString('yes').serialize();
    const param = new Args().addString(other).addString('setValue').addUint8Array(inner).addU64(MAS).serialize();
    const { trace, ok } = traced('forward', param, 3n * MAS);
    expect(ok).toBe(true);
    const [call] = calls(trace.root!, 'call');
    const child = call!.frame!;
    expect(child).toMatchObject({ kind: 'call', address: other, function: 'setValue', caller: w.tester, coins: '1' });
    expect(call!.effects).toContainEqual({ type: 'transfer', from: w.tester, to: other, amount: '1' });
    expect(child.gasUsed).toBeGreaterThan(0);
    expect(call!.gas).toBeGreaterThan(child.gasUsed);
    expect(trace.root!.gasUsed).toBeGreaterThan(call!.gas);
    expect(calls(child, 'set_data')[0]!.effects![1]).toMatchObject({ type: 'storageWrite', address: other, key: { text: 'nested' } });
  });

  it('puts a failure on the innermost frame and on the trace, and reads of missing keys', () => {
    const param = new Args().addString(other).addString('fail').addUint8Array(new Uint8Array()).addU64(0n).serialize();
    const { trace, ok } = traced('forward', param);
    expect(ok).toBe(false);
    expect(trace.ok).toBe(false);
    expect(trace.failure!.message).toContain('boom');
    expect(trace.root!.failure).toBeUndefined();
    const child = calls(trace.root!, 'call')[0]!.frame!;
    expect(child.function).toBe('fail');
    expect(child.failure).toEqual(trace.failure);
    expect(calls(child, 'generate_event')[0]!.effects).toEqual([{ type: 'event', data: 'before failing' }]);

    const missing = traced('getValue', new Args().addString('nope').serialize());
    expect(missing.ok).toBe(false);
    expect(calls(missing.trace.root!, 'get_data')[0]!.effects).toEqual([
      { type: 'storageRead', address: w.tester, key: { length: 4, hex: '6e6f7065', text: 'nope' }, value: null },
    ]);
    expect(missing.trace.root!.failure!.message).toContain('data entry not found');
  });

  it('records emitted asynchronous messages and the message execution itself', () => {
    const { trace } = traced('schedule', new Args().addString(other).addString('receiveCoins').addU64(5n).serialize());
    const effects = calls(trace.root!, 'send_message')[0]!.effects!;
    const message = effects.find((effect) => effect.type === 'asyncMessage');
    expect(message).toMatchObject({ type: 'asyncMessage', destination: other, function: 'receiveCoins', coins: '0.000000005', maxGas: 3_000_000 });
    expect((message as { id: string }).id).toMatch(/^ASC/);

    const tracer = new ExecutionTracer();
    const emitted = w.vm.callSC({
      caller: SENDER,
      target: w.tester,
      function: 'schedule',
      param: new Args().addString(other).addString('receiveCoins').addU64(5n).serialize(),
      maxGas: CALL_GAS,
      context: CONTEXT,
    });
    w.vm.executeAsyncMessage({ message: emitted.asyncMessages[0]!, context: CONTEXT, tracer });
    expect(tracer.trace).toMatchObject({ kind: 'AsyncMessage', ok: true, root: { address: other, function: 'receiveCoins', caller: w.tester } });
  });

  it('traces read-only calls and ExecuteSC, and records nothing without a tracer', () => {
    const tracer = new ExecutionTracer();
    const read = w.vm.readOnlyCall({ caller: OTHER, target: w.tester, function: 'hello', maxGas: CALL_GAS, tracer });
    expect(read.ok).toBe(true);
    expect(tracer.trace).toMatchObject({ kind: 'ReadOnlyCall', ok: true, root: { function: 'hello', caller: OTHER } });
    expect(calls(tracer.trace!.root!, 'get_data')[0]!.effects![0]).toMatchObject({ type: 'storageRead', value: { text: 'Mason' } });

    const deploy = new ExecutionTracer();
    deployTester(w, 'Third');
    const result = w.vm.executeSC({
      bytecode: w.code.script,
      caller: SENDER,
      maxGas: CALL_GAS,
      context: CONTEXT,
      tracer: deploy,
    });
    expect(deploy.trace).toMatchObject({ kind: 'ExecuteSC', ok: result.ok, root: { kind: 'root', address: SENDER, function: 'main', caller: null } });

    // A later run without the tracer leaves its trace alone.
    w.vm.readOnlyCall({ caller: OTHER, target: w.tester, function: 'hello', maxGas: CALL_GAS });
    expect(tracer.trace!.root!.function).toBe('hello');
  });
});

describe('gas of a failed nested call', () => {
  it('counts the failed frame’s gas in the call that ran it and in every frame below', () => {
    // tester.forward → other.forward → tester.fail
    const innermost = new Args().addString(w.tester).addString('fail').addUint8Array(new Uint8Array()).addU64(0n).serialize();
    const param = new Args().addString(other).addString('forward').addUint8Array(innermost).addU64(0n).serialize();
    const { trace } = traced('forward', param);
    const middleCall = calls(trace.root!, 'call')[0]!;
    const middle = middleCall.frame!;
    const deepestCall = calls(middle, 'call')[0]!;
    const deepest = deepestCall.frame!;
    expect(deepest.failure).toBeDefined();
    expect(deepestCall.gas).toBeGreaterThan(deepest.gasUsed);
    expect(middle.gasUsed).toBeGreaterThan(deepestCall.gas);
    expect(middleCall.gas).toBeGreaterThan(middle.gasUsed);
    expect(trace.root!.gasUsed).toBeGreaterThan(middleCall.gas);
    expect(trace.root!.gasUsed).toBeLessThanOrEqual(trace.gasLimit);
  });
});
